/* fuzz_scenario.c: fuzz target for the combat scenario reader and runner
 * (sim/scenario.h): every input is parsed, checked and, when valid, run
 * through the engine's combat and compared with its expect.
 *
 * Beyond "no crash, no leak, no undefined behaviour": the outcome is one
 * of the three exit statuses. Messages and the result line are written
 * (to /dev/null), so their formatting is fuzzed too. Card names resolve in
 * the default pool, loaded on the first input that names one and kept. */
#include "fuzz.h"

#include "sim/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ScenarioPool sp;   /* zeroed: an empty cache, loaded on demand */
    static FILE *sink;        /* /dev/null, opened once */
    if (!sink) FUZZ_CHECK((sink = fopen("/dev/null", "w")) != NULL, "cannot open /dev/null");
    int rc = scenario_buffer("fuzz/scenario.json", (const char *)data, size, &sp, sink, sink);
    FUZZ_CHECK(rc == SCENARIO_OK || rc == SCENARIO_FAIL || rc == SCENARIO_BAD, "status %d", rc);
    return 0;
}
