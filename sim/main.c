/* main.c: the mtgsim command line: dispatches to one subcommand per file. */
#include <stdio.h>
#include <string.h>
#include "charset.h"
#include "commands.h"
#include "mpi_ranks.h"
#include "output.h"

static const char usage[] =
    "usage: mtgsim COMMAND [ARGS...]\n"
    "\n"
    "Headless Monte Carlo simulator for Magic: The Gathering.\n"
    "\n"
    "commands:\n"
    "  run [DECK_A DECK_B]   play a batch of games between two decks and print\n"
    "                        the tally (no decks: the reference matchup)\n"
    "  gauntlet DECK...      every pair of decks: a matchup matrix\n"
    "  tournament --policies P,Q,... [DECK_A DECK_B]\n"
    "                        every policy against every other: a matrix\n"
    "  tune [DECK_A DECK_B] --param NAME=LO..HI ...\n"
    "                        search a policy's parameters for the best win rate\n"
    "  trace [DECK_A DECK_B] --seed S --game I\n"
    "                        one game of a batch, turn by turn\n"
    "  plot REPORT.json --out DIR\n"
    "                        pictures of a report (gnuplot)\n"
    "  bench [--json]        engine throughput, scaling, fork cost, signature\n"
    "  scenario FILE...      run combat scenario files (JSON Lines on stdout)\n"
    "  cards [FILE...]       list supported and unsupported cards of the pool\n"
    "\n"
    "options:\n"
    "  --version             print mtgsim's version\n"
    "  --help                print this help\n"
    "\n"
    "`mtgsim COMMAND --help` explains each command.\n";

/* The commands whose games are split among MPI ranks; under mpirun any
 * other command runs on rank 0 alone. */
static int split_among_ranks(const char *cmd)
{
    static const char *const split[] = { "run", "gauntlet", "tournament", "tune" };
    for (size_t k = 0; k < sizeof split / sizeof *split; k++)
        if (!strcmp(cmd, split[k])) return 1;
    return 0;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("mtgsim %s\n", MTGSIM_VERSION);
        return 0;
    }
    const char *cmd = argv[1];
    int utf8 = charset_utf8();   /* what the terminal shows: UTF-8 or ASCII only */
    if (!strcmp(cmd, "scenario")) return cmd_scenario(argc - 2, argv + 2);
    if (!strcmp(cmd, "cards")) return cmd_cards(argc - 2, argv + 2);
    if (!strcmp(cmd, "run")) return cmd_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "trace")) return cmd_trace(argc - 2, argv + 2, utf8);
    if (!strcmp(cmd, "plot")) return cmd_plot(argc - 2, argv + 2, utf8);
    if (!strcmp(cmd, "gauntlet")) return cmd_gauntlet(argc - 2, argv + 2);
    if (!strcmp(cmd, "tournament")) return cmd_tournament(argc - 2, argv + 2);
    if (!strcmp(cmd, "tune")) return cmd_tune(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc - 2, argv + 2);
    fprintf(stderr, "mtgsim: unknown command '%s'\n\n%s", cmd, usage);
    return 2;
}

int main(int argc, char **argv)
{
    if (ranks_init(&argc, &argv)) return 0;
    if (argc < 2 || !split_among_ranks(argv[1])) {
        if (!ranks_root()) return ranks_finish(0);
        ranks_alone();
    }
    /* Every command's standard output is checked here, once: a full disk
     * or a closed pipe is an error, not a silent success. */
    const char *cmd = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
    return ranks_finish(output_stdout_finish(cmd, dispatch(argc, argv)));
}
