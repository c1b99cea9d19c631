/* driver.c: one game of a match, seeded by (seed, game index). */
#include <string.h>
#include "driver.h"

void driver_play(const MatchSpec *m, uint64_t index, GameResult *r, const EventFn *on_event, void *ctx)
{
    uint64_t stream = m->pairs ? index / 2 : index;
    int seat[2];
    driver_seats(index, seat);
    Rng deck_rng[2], pol_rng[2];
    uint8_t lib[2][DECK_MAX];
    uint64_t play[2][DECK_MAX];
    Game g = {0};
    g.pool = &m->pool;
    g.edition = (uint8_t)m->edition;
    g.turn_cap = (uint16_t)m->turn_cap;
    for (int d = 0; d < 2; d++) {
        int p = seat[d];
        /* The streams belong to the deck, not the seat: both games of a
         * pair shuffle each deck the same way. */
        rng_seed(&deck_rng[p], m->seed, stream, (uint64_t)d);
        rng_seed(&pol_rng[p], m->seed, stream, (uint64_t)d + 2);
        g.deck[p] = m->deck[d];
        g.policy[p] = m->policy[d];
        g.deck_rng[p] = &deck_rng[p];
        g.policy_rng[p] = &pol_rng[p];
        g.lib_buf[p] = lib[p];
        if (!m->play[d]) game_play_table(&m->pool, m->deck[d], play[p]);
        g.play[p] = m->play[d] ? m->play[d] : play[p];
    }
    g.text = (uint32_t)m->text;
    g.trig_absent = m->trig_absent;
    if (on_event) memcpy(g.on_event, on_event, sizeof g.on_event);
    g.event_ctx = ctx;
#ifndef NDEBUG
    g.check = 1;   /* debug builds check every invariant after every action */
#endif
    GameState s;
    game_init(&s, &g, 0);
    game_run(&s, &g);
    r->winner = s.winner == 2 ? 2 : (s.winner == seat[0] ? 0 : 1);
    r->starter = seat[0] == 0 ? 0 : 1;
    r->turns = s.turn > s.turn_cap ? s.turn_cap : s.turn;
    r->end_reason = s.end_reason;
    r->error = s.error;
    r->check_failed = g.check_failed;
    for (int d = 0; d < 2; d++) {
        r->life[d] = s.pl[seat[d]].life;
        r->poison[d] = s.pl[seat[d]].poison;
        r->mulligans[d] = s.pl[seat[d]].mulligans;
    }
}
