/* cmd_run.c: `mtgsim run`: a batch of games between two decks, in
 * parallel, and its report (JSON, CSV, and a summary on standard output). */
#include <errno.h>
#include <libgen.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "commands.h"
#include "batch.h"
#include "capacity.h"
#include "mpi_ranks.h"
#include "options.h"
#include "policies.h"
#include "report.h"

/* A format: %s is the policies' names and parameters (policy_help). */
static const char run_usage[] =
    "usage: mtgsim run [DECK_A DECK_B] [options]\n"
    "\n"
    "Plays games between two decks and reports who wins how often, on the play\n"
    "and on the draw, how combat went, and what each card did. With no decks,\n"
    "plays the reference matchup (decks/reference) and writes its reports under\n"
    "results/. Every game's randomness comes from (seed, game index) alone: the\n"
    "same seed gives the same report on any number of threads.\n"
    "\n"
    "options:\n"
    "  --games N         games to play (default 10000)\n"
    "  --seed S          master seed (default 20111001)\n"
    "  --threads T       OpenMP threads (default: all cores)\n"
    "  --policy P        policy of both decks (default heuristic)\n"
    "  --policy-a P      policy of deck A; --policy-b P of deck B. P is NAME,\n"
    "                    NAME:key=value,... or a JSON file of parameters\n"
    "                    ({\"policy\": \"heuristic\", \"aggression\": 4}). Names:\n"
    "                    %s\n"
    "                    (the heuristic's version 3, the default, chooses its\n"
    "                    spells by rules where it reads them all, else by\n"
    "                    trying each on a fork as version=2 always does;\n"
    "                    heuristic:version=1 plays spells as before version\n"
    "                    2: a baseline;\n"
    "                    lookahead plays out candidates x rollouts games per\n"
    "                    decision, mcts `playouts` over `trees` deals (or for\n"
    "                    `ms` milliseconds), each `horizon` turns long (4;\n"
    "                    0: to the end) and then valued by the board:\n"
    "                    README, Policies)\n"
    "  --edition E       rules edition: 2011 (default) or foundations\n"
    "  --turn-cap N      a game still going after N turns (both players' turns\n"
    "                    counted) is a draw; the default, 503, is past the turn\n"
    "                    where a 250-card deck runs out, so only a game that\n"
    "                    could never end reaches it\n"
    "  --cards FILE      add an MTGJSON card file to the pool (repeatable)\n"
    "  --json FILE       write the JSON report there ('-': standard output);\n"
    "                    default results/DECK_A-vs-DECK_B.json (names with\n"
    "                    other characters than letters, digits, - and _ as _)\n"
    "  --csv DIR         also write summary.csv, cards.csv, combat.csv in DIR\n"
    "  --per-game        with --csv, also games.csv: one row per game\n"
    "  --ci-width W      stop once deck A's 95%% interval is narrower than +-W\n"
    "                    (checked every 8192 games; at most --games)\n"
    "  --no-pairs        do not play seat-swapped pairs of games\n"
    "  --quiet           no summary, no progress line\n"
    "\n"
    "Exit status: 0 done, 1 a game ended on an illegal policy answer, 2 bad\n"
    "input (nothing is run and nothing written). Ctrl-C stops early and writes\n"
    "the report of the games played, marked \"complete\": false.\n";

/* Says plainly when more than 1 % of the games ended in a way a player
 * would not call a result: at the turn cap (a draw no real game has) or by
 * an empty library (a board neither side could attack into). */
static void summary_notes(FILE *f, const RunInfo *ri, const Tally *t)
{
    if (t->games <= 0) return;
    long cap = t->ends[END_TURN_CAP], lib = t->ends[END_LIBRARY];
    if (100 * cap > t->games)
        fprintf(f, "  note: %ld games (%.1f%%) were still going at the turn cap of %d turns and count as\n"
                   "        draws, a result no real game has\n",
                cap, 100.0 * (double)cap / (double)t->games, ri->turn_cap);
    if (100 * lib > t->games)
        fprintf(f, "  note: %ld games (%.1f%%) ended when a player drew from an empty library: neither deck\n"
                   "        could attack through the other's board (a stall)\n",
                lib, 100.0 * (double)lib / (double)t->games);
}

static void summary(FILE *f, const RunInfo *ri, const Tally *t)
{
    fprintf(f, "%s vs %s: %ld games%s, seed %llu, edition %s\n", ri->deck_name[0], ri->deck_name[1], t->games,
            ri->complete ? "" : " (interrupted)", (unsigned long long)ri->seed,
            ri->edition == EDITION_2011 ? "2011" : "foundations");
    for (int d = 0; d < 2; d++) {
        const DeckTally *dt = &t->deck[d];
        double lo, hi;
        wilson95(dt->wins, t->games, &lo, &hi);
        fprintf(f, "  %-24s %-10s wins %5.1f%% [%4.1f, %4.1f]  on the play %5.1f%%  on the draw %5.1f%%\n",
                ri->deck_name[d], ri->policy[d], t->games ? 100.0 * (double)dt->wins / (double)t->games : 0.0,
                100 * lo, 100 * hi,
                dt->play_games ? 100.0 * (double)dt->play_wins / (double)dt->play_games : 0.0,
                dt->draw_games ? 100.0 * (double)dt->draw_wins / (double)dt->draw_games : 0.0);
    }
    fprintf(f, "  draws %ld (%ld at the turn cap of %d)   mean game %.1f turns   ended by life %ld, poison %ld, empty library %ld\n",
            t->deck[0].draws, t->ends[END_TURN_CAP], ri->turn_cap, t->games ? (double)t->turns_sum / (double)t->games : 0.0,
            t->ends[END_LIFE], t->ends[END_POISON], t->ends[END_LIBRARY]);
    summary_notes(f, ri, t);
    fprintf(f, "  %.2f s, %.0f games/s on %d thread%s", ri->seconds,
            ri->seconds > 0 ? (double)t->games / ri->seconds : 0.0, ri->threads, ri->threads == 1 ? "" : "s");
    if (ranks_count() > 1) fprintf(f, " (%d MPI ranks of %d)", ranks_count(), ri->threads / ranks_count());
    fputc('\n', f);
}

/* A deck name as a file name: letters, digits, '-' and '_' kept, the rest '_'. */
static void slug(char *out, size_t n, const char *name)
{
    size_t k = 0;
    for (; *name && k + 1 < n; name++, k++) {
        char c = *name;
        out[k] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ? c : '_';
    }
    out[k] = 0;
}

int cmd_run(int argc, char **argv)
{
    RunOptions o;
    char err[2048] = "";
    /* Under MPI every step that reads input or checks outputs ends in
     * options_agree, so that all ranks fail together (sim/mpi_ranks.h). */
    char names[1024], usage[sizeof run_usage + sizeof names];
    policy_help(names, sizeof names, 20, 20);
    snprintf(usage, sizeof usage, run_usage, names);
    int rc = options_parse(argc, argv, &o, 2, 2, usage, "run");
    if (options_agree("run", rc == 2, 1, err, sizeof err)) return 2;
    if (rc >= 0) return rc;

    Pool pool;
    static DeckList deck[2];
    PolicySpec pol[2];
    int bad = options_load(&o, &pool, deck, pol, err, sizeof err) != 0;
    if (options_agree("run", bad, 0, err, sizeof err)) {
        if (!bad) pool_free(&pool);
        return 2;
    }
    char json_default[4096];
    const char *json = o.json;
    if (!json) {
        char a[DECKLIST_NAME_MAX], b[DECKLIST_NAME_MAX];
        slug(a, sizeof a, deck[0].name);
        slug(b, sizeof b, deck[1].name);
        snprintf(json_default, sizeof json_default, "%s/%s-vs-%s.json", MTGSIM_RESULTS_DIR, a, b);
        json = json_default;
    }
    /* Rank 0 alone writes, so it alone checks the outputs. The report
     * first, then the CSV files (renamed into place in that order). */
    OutputSet out;
    output_init(&out);
    int k_json = -1, k_csv = -1, k_games = -1;
    if (ranks_root()) {
        options_inputs(&o, &out);
        k_json = output_file(&out, "--json", json);
        if (o.csv) {
            output_folder(&out, "--csv", o.csv);
            k_csv = report_csv_add(&out, o.csv);
            if (o.per_game) k_games = output_file_in(&out, "--csv", o.csv, "games.csv");
        }
    }
    if (options_agree("run", ranks_root() && output_check(&out, err, sizeof err), 0, err, sizeof err)) {
        output_free(&out);
        pool_free(&pool);
        return 2;
    }

    MatchSpec m = { pool_view(&pool), { &deck[0].main, &deck[1].main }, { &pol[0].inst, &pol[1].inst },
                    o.edition, o.turn_cap, o.seed, o.pairs, { NULL, NULL }, 0, 0 };
    StatsSetup su;
    Tally sum;
    snprintf(err, sizeof err, "out of memory");
    if (options_agree("run", stats_setup(&su, &m) || tally_init(&sum, &su), 0, err, sizeof err)) {
        output_free(&out);
        return 2;
    }

    /* The folder made, stale temporaries gone; games.csv is written as the
     * games are played (rank 0 writes the rows of all ranks). */
    FILE *per_game = NULL;
    int bad_out = ranks_root() && output_begin(&out, err, sizeof err) != 0;
    if (!bad_out && k_games >= 0) {
        per_game = output_open(&out, k_games);
        if (!per_game) output_commit(&out, err, sizeof err);   /* rolls back, and says why */
        bad_out = !per_game;
    }
    if (options_agree("run", bad_out, 0, err, sizeof err)) {
        output_free(&out);
        return 2;
    }

    BatchConfig bc = { (long)o.games, o.threads ? o.threads : omp_get_max_threads(), o.ci_width,
                       !o.quiet && isatty(2), "run", per_game, { deck[0].name, deck[1].name } };
    batch_catch_signals();
    double secs = 0;
    int done = batch_run(&bc, &m, &su, &sum, &secs);
    if (done < 0) { output_free(&out); fprintf(stderr, "mtgsim run: out of memory\n"); return 2; }
    if (!ranks_root()) {
        /* Every rank holds the same sum; rank 0 writes it. */
        int status = sum.errors || sum.check_failures ? 1 : 0;
        tally_free(&sum);
        stats_setup_free(&su);
        pool_free(&pool);
        return status;
    }

    RunInfo ri = { { deck[0].name, deck[1].name }, { o.file[0], o.file[1] }, { pol[0].text, pol[1].text },
                   o.seed, o.edition, o.turn_cap ? o.turn_cap : TURN_CAP_DEFAULT, o.pairs, done == 1,
                   (long)o.games, o.ci_width, ranks_count() * bc.threads, secs };
    int status = 0;
    cJSON *rep = report_build(&ri, &sum, &su, &m.pool);
    cJSON *run = cJSON_GetObjectItemCaseSensitive(rep, "run");
    cJSON_AddNumberToObject(run, "ranks", ranks_count());
    cJSON_AddNumberToObject(run, "threads_per_rank", bc.threads);
    /* All the files or none: a failure leaves every earlier file as it was. */
    report_put_json(&out, k_json, rep);
    cJSON_Delete(rep);
    if (o.csv) report_write_csv(&out, k_csv, &ri, &sum, &su, &m.pool);
    if (output_commit(&out, err, sizeof err)) { fprintf(stderr, "mtgsim run: %s\n", err); status = 2; }
    output_free(&out);
    if (!o.quiet && strcmp(json, "-")) {
        summary(stdout, &ri, &sum);
        if (!status) output_report_line("  ", json, o.json != NULL, o.csv);
    }
    capacity_warn(stderr, sum.games, sum.ends[END_CAPACITY]);
    if (!status && sum.check_failures) {
        fprintf(stderr, "mtgsim run: %ld games broke an invariant of the game state (a bug: see mtgsim trace)\n",
                sum.check_failures);
        status = 1;
    }
    if (!status && sum.errors) {
        fprintf(stderr, "mtgsim run: %ld games ended on an illegal policy answer\n", sum.errors);
        status = 1;
    }
    tally_free(&sum);
    stats_setup_free(&su);
    pool_free(&pool);
    return status;
}
