/* solver's HTML evidence pages (issue 26): the campaign report and one level's page from
 * `solver compass ... --html FILE`, and the diff page of `solver diff --format html`. Each is
 * one self-contained file (inline CSS and SVG, no script, no network), byte-identical for the
 * same inputs, written atomically. */
#ifndef SOLVER_HTML_EVIDENCE_H
#define SOLVER_HTML_EVIDENCE_H

#include <cjson/cJSON.h>

#include "compass/compass.h"
#include "diff.h"

/* CLI_USAGE after one line when html_path names the campaign index or a level it lists (an
 * output never replaces an input); run before anything is solved. */
int solver_html_campaign_refuse(const char *campaign_path, const char *html_path);

/* The campaign page, built from what `solver compass --campaign` wrote in report_dir (the
 * records and campaign.json) and the levels the index lists. CLI_OK, or CLI_USAGE after one
 * line. */
int solver_html_campaign(const char *campaign_path, const char *report_dir, const char *html_path);

/* One level's page from its level and its evidence record. CLI_OK, or CLI_USAGE. */
int solver_html_level(const compass_level *l, const cJSON *evidence, const char *html_path);

/* The diff page: the same items as diff_format_text, each changed level drawn before and
 * after with its changes highlighted, unchanged levels on one collapsed line. malloc'd. */
char *diff_format_html(const diff_result *r, const diff_tree *old_t, const diff_tree *new_t);

#endif
