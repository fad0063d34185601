#!/usr/bin/env python3
"""Opens an HTML evidence page in headless Chromium (Debian's chromium, driven over the
DevTools protocol on --remote-debugging-pipe: no downloads, no network, standard library only)
and checks what a reader would see. Usage:

  html_browser.py campaign PAGE LEVELS_DIR REPORTS_DIR SHOTS_PREFIX
      every level of LEVELS_DIR/campaign.json has its card (id="LEVEL-ID") with the figures
      of REPORTS_DIR/<id>.json, and every arrow of its level file drawn (data-arrow, data-dir)
  html_browser.py level PAGE LEVEL_FILE EVIDENCE_FILE SHOTS_PREFIX
      the one card, its figures and arrows
  html_browser.py diff PAGE OLD_TREE NEW_TREE SHOTS_PREFIX
      every changed level's card with the figures of its new evidence, and the arrows of its
      old and new level files drawn on the before and after boards

For every page: no console message of level error, no exception, no failed load; at 1280x800
and at 390x844 (a phone) the screenshot (saved as SHOTS_PREFIX-1280.png, -390.png) is not
blank and nothing is wider than the viewport. Prints one line per failure; exits 1 on any."""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png_probe  # noqa: E402

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print('html_browser: ' + msg, file=sys.stderr)


class Chromium:
    """One headless browser on a pipe: requests are JSON objects ended by a NUL byte."""

    def __init__(self, profile):
        exe = shutil.which('chromium') or '/usr/bin/chromium'
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            # via high numbers: a pipe may already sit on 3 or 4, and dup2 onto itself would
            # keep its close-on-exec flag
            os.dup2(to_r, 100)
            os.dup2(from_w, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)
        self.proc = subprocess.Popen(
            [exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check',
             '--disable-extensions', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-sync', '--mute-audio',
             '--hide-scrollbars', '--host-resolver-rules=MAP * ~NOTFOUND', '--user-data-dir=' + profile,
             '--remote-debugging-pipe', 'about:blank'],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, close_fds=False)
        os.close(to_r)
        os.close(from_w)
        self.buf, self.next_id, self.events = b'', 0, []

    def _read(self):
        while b'\0' not in self.buf:
            chunk = os.read(self.from_r, 1 << 20)
            if not chunk:
                raise RuntimeError('chromium closed the pipe')
            self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        req = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session:
            req['sessionId'] = session
        os.write(self.to_w, json.dumps(req).encode() + b'\0')
        while True:
            m = self._read()
            if m.get('id') == self.next_id:
                if 'error' in m:
                    raise RuntimeError('%s: %s' % (method, m['error']))
                return m.get('result', {})
            self.events.append(m)

    def wait_event(self, method, session):
        for i, m in enumerate(self.events):
            if m.get('method') == method and m.get('sessionId') == session:
                return self.events.pop(i)
        while True:
            m = self._read()
            if m.get('method') == method and m.get('sessionId') == session:
                return m
            self.events.append(m)

    def close(self):
        try:
            self.call('Browser.close')
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


READ_PAGE = r"""(() => {
  const arrows = root => [...root.querySelectorAll('[data-arrow]')].map(a => {
    const b = a.getBBox();
    return {id: a.dataset.arrow, dir: a.dataset.dir, side: a.dataset.side || '', changed: a.dataset.changed || '',
            row: +a.dataset.row, col: +a.dataset.col, drawn: b.width > 0 && b.height > 0};
  });
  const wide = [...document.querySelectorAll('body *')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > innerWidth + 1 && !e.closest('.chartwrap > *');
  }).slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + (e.getAttribute('class') || ''));
  return {
    cards: [...document.querySelectorAll('article.card')].map(c => ({
      id: c.id, data: Object.assign({}, c.dataset), width: c.getBoundingClientRect().width, arrows: arrows(c)})),
    summary: Object.assign({}, (document.getElementById('summary') || {dataset: {}}).dataset),
    scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth, wide: wide,
    title: document.title};
})()"""


def not_blank(png, what):
    """The screenshot has ink: more than a few colours and a real share of non-background pixels."""
    with tempfile.NamedTemporaryFile(suffix='.png') as f:
        f.write(png)
        f.flush()
        w, h, bpp, rows = png_probe.read(f.name, 10 ** 9)
    colours, ink, bg = set(), 0, tuple(rows[0][0:3])
    for row in rows[::2]:
        for x in range(0, w * bpp, bpp * 2):
            px = tuple(row[x:x + 3])
            colours.add(px)
            ink += px != bg
    share = ink / ((len(rows[::2])) * len(range(0, w * bpp, bpp * 2)))
    if len(colours) < 8 or share < 0.03:
        fail('%s: the screenshot looks blank (%d colours, %.1f%% ink)' % (what, len(colours), 100 * share))


def open_page(br, page, width, height, mobile, shot):
    target = br.call('Target.createTarget', {'url': 'about:blank'})['targetId']
    s = br.call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
    for m in ('Page.enable', 'Runtime.enable', 'Log.enable'):
        br.call(m, session=s)
    br.call('Emulation.setDeviceMetricsOverride',
            {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': mobile}, session=s)
    br.call('Page.navigate', {'url': 'file://' + os.path.abspath(page)}, session=s)
    br.wait_event('Page.loadEventFired', s)
    got = br.call('Runtime.evaluate', {'expression': READ_PAGE, 'returnByValue': True}, session=s)
    if 'exceptionDetails' in got:
        raise RuntimeError('reading the page: %s' % got['exceptionDetails'])
    info = got['result']['value']
    full = br.call('Page.captureScreenshot', {'format': 'png'}, session=s)['data']
    with open(shot, 'wb') as f:
        f.write(base64.b64decode(full))
    small = br.call('Page.captureScreenshot', {'format': 'png', 'clip': {
        'x': 0, 'y': 0, 'width': width, 'height': height, 'scale': 0.25}}, session=s)['data']
    what = '%s at %dx%d' % (os.path.basename(page), width, height)
    not_blank(base64.b64decode(small), what)
    for m in br.events:
        if m.get('sessionId') != s:
            continue
        p = m.get('params', {})
        if m.get('method') == 'Runtime.exceptionThrown':
            fail('%s: exception: %s' % (what, p.get('exceptionDetails', {}).get('text')))
        elif m.get('method') == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
            fail('%s: console error: %s' % (what, [a.get('value') for a in p.get('args', [])]))
        elif m.get('method') == 'Log.entryAdded' and p.get('entry', {}).get('level') == 'error':
            fail('%s: console error: %s' % (what, p['entry'].get('text')))
    br.events = [m for m in br.events if m.get('sessionId') != s]
    if info['innerWidth'] != width:
        # a phone widens its layout viewport to fit content wider than the screen
        fail('%s: the page is %dpx wide, wider than the %dpx viewport (%s)' %
             (what, info['innerWidth'], width, ', '.join(info['wide'])))
    elif info['scrollWidth'] > info['innerWidth']:
        fail('%s: the page is %dpx wide, wider than the %dpx viewport (%s)' %
             (what, info['scrollWidth'], info['innerWidth'], ', '.join(info['wide'])))
    elif info['wide']:
        fail('%s: elements past the right edge: %s' % (what, ', '.join(info['wide'])))
    br.call('Target.closeTarget', {'targetId': target})
    return info


def figure(v):
    if v is None:
        return 'null'
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if float(v) == int(v):
        return str(int(v))
    return '%.12g' % v


def check_figures(card, ev, what):
    want = {'hash': ev.get('canonicalHash', ''), 'solvable': 'true' if ev.get('solvable') else 'false',
            'winningOrders': figure(ev.get('winningOrders')), 'randomWinShare': figure(ev.get('randomWinShare')),
            'wrongMoves': figure(ev.get('wrongMoves')), 'decisionSteps': figure(ev.get('decisionSteps')),
            'states': figure(ev.get('stateCount')), 'solutionLength': str(len(ev.get('solution') or []))}
    for k, v in want.items():
        got = card['data'].get(k)
        if got != v:
            fail('%s: data-%s is %r, its evidence says %r' % (what, k, got, v))


def check_arrows(drawn, level, what):
    want = sorted((a['id'], a['dir'], a['row'], a['col']) for a in level['arrows'])
    got = sorted((a['id'], a['dir'], a['row'], a['col']) for a in drawn)
    if want != got:
        fail('%s: arrows drawn %s, the level file has %s' % (what, got, want))
    for a in drawn:
        if not a['drawn']:
            fail('%s: arrow %s has no size on the page' % (what, a['id']))


def load(path):
    with open(path) as f:
        return json.load(f)


def level_docs(tree):
    """id -> (level file, evidence) for every Compass level under tree."""
    out = {}
    for d, _, files in os.walk(tree):
        for n in sorted(files):
            if not n.endswith('.json'):
                continue
            doc = load(os.path.join(d, n))
            fmt = doc.get('format') if isinstance(doc, dict) else None
            if fmt in ('compass-shift-level/1', 'compass-shift-evidence/1'):
                pair = out.setdefault(doc['id'], [None, None])
                pair[fmt == 'compass-shift-evidence/1'] = doc
    return out


def main():
    kind, page, a, b, shots = sys.argv[1:6]
    work = tempfile.mkdtemp(prefix='html-browser-')
    br = Chromium(os.path.join(work, 'profile'))
    try:
        views = [open_page(br, page, 1280, 800, False, shots + '-1280.png'),
                 open_page(br, page, 390, 844, True, shots + '-390.png')]
    finally:
        br.close()
        shutil.rmtree(work, ignore_errors=True)
    info = views[0]
    for v in views:
        for c in v['cards']:
            if c['width'] < 200:
                fail('%s: card %s is only %dpx wide at %dpx' % (page, c['id'], c['width'], v['innerWidth']))
    cards = {c['id']: c for c in info['cards']}
    if kind in ('campaign', 'level'):
        if kind == 'campaign':
            index = load(os.path.join(a, 'campaign.json'))
            wanted = [(e['id'], os.path.join(a, e['file']), os.path.join(b, e['id'] + '.json'))
                      for e in index['levels']]
            if [c['id'] for c in info['cards']] != [w[0] for w in wanted]:
                fail('cards %s, the campaign lists %s' % ([c['id'] for c in info['cards']], [w[0] for w in wanted]))
        else:
            lv = load(a)
            wanted = [(lv['id'], a, b)]
        for lid, lpath, epath in wanted:
            card = cards.get(lid)
            if not card:
                fail('no card with id="%s"' % lid)
                continue
            check_figures(card, load(epath), lid)
            check_arrows(card['arrows'], load(lpath), lid)
    else:
        old, new = level_docs(a), level_docs(b)
        levels = [c for c in info['cards'] if c['data'].get('kind') == 'level']
        if not levels:
            fail('no changed level on the page')
        for card in levels:
            lid = card['id']
            was = card['data'].get('renamedFrom', lid)
            nl, ne = new.get(lid, [None, None])
            ol, oe = old.get(was, [None, None])
            ev = ne or oe
            if ev:
                check_figures(card, ev, lid)
            once = card['data'].get('board') == 'false' and ol and nl  # the same board, drawn once
            for side, lv in (('old', ol), ('new', nl)):
                if once and side == 'old':
                    continue
                drawn = [x for x in card['arrows'] if x['side'] == side]
                if lv and card['data'].get('invalid' + side.capitalize()) == 'true':
                    if drawn:
                        fail('%s: the %s level file does not load, yet a board is drawn' % (lid, side))
                elif lv:
                    check_arrows(drawn, lv, '%s (%s board)' % (lid, side))
                elif drawn:
                    fail('%s: a %s board is drawn but that side has no level file' % (lid, side))
    print(json.dumps({'cards': len(info['cards']), 'summary': info['summary'], 'title': info['title'],
                      'changed': sorted('%s:%s:%s' % (c['id'], x['side'], x['id'])
                                        for c in info['cards'] for x in c['arrows'] if x['changed'])}))
    sys.exit(1 if FAILS else 0)


if __name__ == '__main__':
    main()
