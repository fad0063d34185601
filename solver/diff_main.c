/* solver diff OLD NEW: what changed between two content or evidence trees, in words. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "diff.h"
#include "html_evidence.h"
#include "jsonio.h"
#include "solver.h"

static const char usage[] =
    "usage: solver diff OLD NEW [--format text|markdown|json|html] [--out FILE]\n\n"
    "Compares two report folders (reports/), two level folders (levels/), two whole trees, or\n"
    "two single files of the same kind, and prints what changed per item, summary first:\n"
    "  12 levels changed (3 boards, 9 evidence only), 0 checks flipped\n"
    "Compass Shift levels are paired by id (a level whose id changed but whose board did not\n"
    "is 'renamed'), their level file and evidence together: board changes (size, phase,\n"
    "walls, apertures, arrows), the canonical hash (a rotation is the same board), campaign\n"
    "position, and every evidence figure (stateCount, deadEndStates, the choice-point\n"
    "profile, solution, signatures, witnesses, ...). Odd Shape rounds files: the rounds whose\n"
    "fields changed. Other reports (Mulberry32, Memory5D, campaign and Odd Shape reports):\n"
    "the figures that moved, old -> new with the change. Checks whose pass flipped are listed\n"
    "last.\n\n"
    "  --format F   text (default), markdown (a table to paste into a review) or json\n"
    "               (schemas/solver-diff.schema.json), or html (one self-contained page:\n"
    "               each changed level drawn before and after, changes ringed;\n"
    "               docs/html-evidence.md)\n"
    "  --out FILE   write there (atomically) instead of stdout\n\n"
    "Exit 0 when nothing changed, 1 when something did, 2 on unreadable input.\n";

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int solver_diff_main(int argc, char **argv)
{
    static const struct option opts[] = {{"format", required_argument, 0, 'f'},
                                         {"out", required_argument, 0, 'o'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *format = "text", *out = NULL;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 'f': format = optarg; break;
        case 'o': out = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("diff", opt, argv[optind - 1]);
        }
    }
    if (strcmp(format, "text") && strcmp(format, "markdown") && strcmp(format, "json") && strcmp(format, "html"))
        return cli_error(CLI_USAGE, "diff: --format: expected text, markdown, json or html, got \"%.40s\"", format);
    if (argc - optind != 2) return cli_error(CLI_USAGE, "diff: expected OLD and NEW (see --help)");
    const char *old_p = argv[optind], *new_p = argv[optind + 1];
    /* Outputs never replace inputs: --out is neither file, nor a file under a folder read. */
    const outpath_item outs[] = {{"--out", out}}, ins[] = {{"OLD", old_p}, {"NEW", new_p}};
    if (cli_refuse_outputs("diff", outs, 1, ins, 2)) return CLI_USAGE;
    for (int i = 0; i < 2; i++)
        if (out && is_dir(ins[i].path) && outpath_within(ins[i].path, out))
            return cli_error(CLI_USAGE, "diff: --out %.200s is inside the input folder %s %.200s: "
                             "refusing to replace an input", out, ins[i].flag, ins[i].path);
    diff_tree o, n;
    char err[1024];
    if (diff_tree_read(old_p, &o, err, sizeof err)) return cli_error(CLI_USAGE, "diff: %s", err);
    if (diff_tree_read(new_p, &n, err, sizeof err)) {
        diff_tree_free(&o);
        return cli_error(CLI_USAGE, "diff: %s", err);
    }
    int rc = CLI_USAGE;
    diff_result r;
    if (is_dir(old_p) != is_dir(new_p)) {
        cli_error(CLI_USAGE, "diff: compare a folder with a folder or a file with a file (%.200s, %.200s)", old_p, new_p);
    } else if (diff_compare(&o, &n, !is_dir(old_p), &r, err, sizeof err)) {
        cli_error(CLI_USAGE, "diff: %s", err);
    } else {
        rc = diff_any(&r) ? CLI_CHECK_FAILED : CLI_OK;
        if (!strcmp(format, "json")) {
            cJSON *doc = diff_format_json(&r);
            if (cli_emit_json(doc, out)) rc = CLI_USAGE;
            cJSON_Delete(doc);
        } else {
            char *s = !strcmp(format, "markdown") ? diff_format_markdown(&r)
                      : !strcmp(format, "html")   ? diff_format_html(&r, &o, &n)
                                                  : diff_format_text(&r);
            if (out && strcmp(out, "-")) {
                if (jsonio_write_text(out, s, strlen(s), err, sizeof err)) rc = cli_error(CLI_USAGE, "diff: %s", err);
            } else {
                fputs(s, stdout);
            }
            free(s);
        }
        diff_result_free(&r);
    }
    diff_tree_free(&o);
    diff_tree_free(&n);
    return rc;
}
