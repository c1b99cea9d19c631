/* sba.c: state-based actions (704), checked until none applies. */
#include <string.h>
#include "game.h"
#include "policy.h"
#include "layers.h"
#include "effect.h"
#include "zone.h"

/* What a pass did: SBA_CHANGED, it changed a permanent that stays (counters
 * annihilated, a regeneration, an Equipment unattached) or a player lost;
 * SBA_DIED, permanents died (and nothing else). */
enum { SBA_CHANGED = 1, SBA_DIED = 2 };

/* 702.16c-d: an Aura can't enchant, an Equipment can't equip, permanent
 * a with protection from attachment i (i's quality looked at only then). */
static int attach_protected(const GameState *s, int i, int a)
{
    if (!perm_rule(s, a, RULE_PROTECTION)) return 0;
    Quality q = quality_of_perm(s, i);
    return layers_protected(s, a, &q);
}

int sba_attachment_illegal(const GameState *s, int i)
{
    const CardDef *d = &s->cards[s->perm[i].card];
    int a = s->px[i].attached, bad = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *ab = &d->ab[k];
        if (ab->kind == AB_ENCHANT) {
            int ok = a != NO_SLOT && permset_has(s->perm_used, a) &&
                     filter_perm(s, &ab->trig_filter, a, perm_controller(s, i), i) && !attach_protected(s, i, a);
            if (!ok) bad |= 1;
        } else if (ab->kind == AB_EQUIP && a != NO_SLOT &&
                   (!permset_has(s->perm_used, a) || !perm_is_creature(s, a) || attach_protected(s, i, a))) {
            bad |= 2;
        }
    }
    return bad;
}

/* 704.5m-n: of the Auras and Equipment `attach`, an Aura attached to
 * nothing or to what it can't enchant goes to the graveyard (returned, to
 * die with the rest); an Equipment attached to what is not a creature
 * becomes unattached. */
static PermSet attachments(GameState *s, int *acted, PermSet attach)
{
    PermSet gone = 0;
    for (PermIter it = permset_iter(attach); permiter_more(&it);) {
        int i = permiter_next(&it);
        int bad = sba_attachment_illegal(s, i), a = s->px[i].attached;
        if (bad & 1) gone |= PERMSET_BIT(i);
        if (bad & 2) {
            s->px[i].attached = NO_SLOT;
            layers_changed(s, a);
            *acted = SBA_CHANGED;
        }
    }
    return gone;
}

/* Whether planeswalkers i and j share a planeswalker type (a
 * planeswalker card's subtypes are all planeswalker types, 205.3j). */
static int share_pw_type(const GameState *s, int i, int j)
{
    const CardDef *a = perm_def(s, i), *b = perm_def(s, j);
    for (int x = 0; x < CARD_SUBTYPE_MAX && a->subtype[x]; x++)
        for (int y = 0; y < CARD_SUBTYPE_MAX && b->subtype[y]; y++)
            if (a->subtype[x] == b->subtype[y]) return 1;
    return 0;
}

/* Whether permanents i and j have the same name (201.2): one card of a
 * game's pool is one name, but a position built by hand (a scenario) may
 * give each object a definition of its own. */
static int same_name(const GameState *s, int i, int j)
{
    return s->perm[i].card == s->perm[j].card || !strcmp(perm_def(s, i)->name, perm_def(s, j)->name);
}

/* The legend rule, among `legends` (PK_LEGEND). Edition 2011 (704.5k): two or more legendary
 * permanents with the same name are all put into their owners'
 * graveyards. Foundations (704.5j): a player who controls two or more
 * legendary permanents with the same name chooses one; the rest go.
 * Planeswalkers in 2011 were not
 * legendary (the Oracle text made them so in 2017): the planeswalker
 * uniqueness rule (704.5j, 2011) applies to them instead, a player who
 * controls two or more that share a planeswalker type choosing one. */
static PermSet legend_rule(GameState *s, const Game *g, PermSet legends)
{
    if (!(legends & (legends - 1))) return 0;                       /* fewer than two */
    PermSet gone = 0;
    for (PermIter it = permset_iter(legends); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (gone & PERMSET_BIT(i)) continue;
        int p = perm_controller(s, i);
        int old_pw = s->edition == EDITION_2011 && perm_is_planeswalker(s, i);   /* 704.5j (2011) */
        uint8_t same[PERM_MAX];
        int n = 0;
        for (PermIter jt = permset_iter(legends); permiter_more(&jt);) {
            int j = permiter_next(&jt);
            int group = old_pw ? perm_is_planeswalker(s, j) && share_pw_type(s, i, j)
                               : same_name(s, i, j) && (perm_def(s, j)->supertypes & SUPER_LEGENDARY);
            int each_player = s->edition == EDITION_2011 && !old_pw;   /* 2011's legend rule: all of them */
            if (group && (each_player || perm_controller(s, j) == p)) same[n++] = (uint8_t)j;
        }
        if (n < 2) continue;
        int keep = -1;
        if (s->edition != EDITION_2011 || old_pw) {
            const Policy *pol = g->policy[p];
            keep = 0;
            if (pol && pol->choose) {
                Choice ch = { CH_KEEP, s->perm[i].card, n, NULL, same, 0, NULL, 0, 0, 0, 0 };
                keep = pol->choose(pol, s, g, p, g->policy_rng[p], &ch);
                if (keep < 0 || keep >= n) keep = 0;
            }
        }
        for (int k = 0; k < n; k++) if (k != keep) gone |= PERMSET_BIT(same[k]);
        legends &= ~gone;
        if (keep >= 0) legends &= ~PERMSET_BIT(same[keep]);
    }
    return gone;
}

/* The permanents `dying` put into their owners' graveyards at once
 * (704.3), in a game with rules text: what watches creatures die last, so
 * that it sees them (stack.h's triggers_watch_dies). Apart from sba_pass,
 * whose creature-only path stays as it was. */
static __attribute__((noinline)) void die_together(GameState *s, const Game *g, PermSet dying)
{
    PermSet last = triggers_watch_dies(s, dying);
    for (PermIter it = permset_iter(dying & ~last); permiter_more(&it);) perm_to_graveyard(s, g, permiter_next(&it));
    for (PermIter it = permset_iter(last); permiter_more(&it);) perm_to_graveyard(s, g, permiter_next(&it));
}

/* One pass: everything that applies happens at once (704.3), looking at
 * the players and the permanents in `slots`. Returns what it did (0:
 * nothing). */
static int sba_pass(GameState *s, const Game *g, PermSet slots)
{
    int acted = 0;
    if (s->spells) layers_refresh(s);
    int lost[2] = {0, 0};
    /* Once a player has lost, the other has won (104.2a): a later pass
     * (after Platinum Angel died in the pass that made its controller's
     * opponent lose) makes no one lose. With the players unharmed (most
     * passes), the walk over them would do nothing. */
    for (int p = players_unharmed(s) ? 2 : 0; p < 2 && !s->over; p++) {
        Player *pl = &s->pl[p];
        if (pl->flags & PL_LOST) continue;
        if (s->pl_rules[p] & PR_CANT_LOSE) {                        /* Platinum Angel */
            pl->flags &= (uint8_t)~PL_DREW_EMPTY;                   /* that draw is past (704.5b) */
            continue;
        }
        EndReason why = END_NONE;
        if (pl->life <= 0) why = END_LIFE;                      /* 704.5a */
        else if (pl->flags & PL_DREW_EMPTY) why = END_LIBRARY;  /* 704.5b */
        else if (pl->poison >= POISON_LOSS) why = END_POISON;   /* 704.5c */
        if (why != END_NONE) {
            pl->flags |= PL_LOST;
            pl->lost_reason = (uint8_t)why;
            lost[p] = 1;
            acted = SBA_CHANGED;
            game_event(g, s, EV_LOSE, p, 0, 0, 0, why, 0);
        }
    }

    PermSet dying = 0;
    for (PermIter it = permset_iter(slots & s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        Permanent *q = &s->perm[i];
        const CardDef *d = &s->cards[q->card];
        if (q->plus && q->minus) {                             /* 704.5r */
            uint8_t n = q->plus < q->minus ? q->plus : q->minus;
            q->plus -= n; q->minus -= n;
            acted = SBA_CHANGED;
        }
        if (q->flags & PF_CREATURE) {                          /* a card's, or a land made one */
            int t = perm_toughness(s, i);
            if (t <= 0) dying |= PERMSET_BIT(i);                 /* 704.5f */
            else if (!perm_has(s, i, KW_INDESTRUCTIBLE) &&
                     (q->damage >= t || (q->flags & PF_DEATHTOUCHED))) {
                if (s->spells && perm_regenerate(s, i)) acted = SBA_CHANGED;   /* destroyed: 701.15 */
                else dying |= PERMSET_BIT(i);                    /* 704.5g, 704.5h */
            }
        }
        if ((d->types & TYPE_PLANESWALKER) && q->loyalty == 0)
            dying |= PERMSET_BIT(i);                             /* 704.5i */
        q->flags &= (uint8_t)~PF_DEATHTOUCHED;
    }
    /* Attachments and legends change with what flags sba_pending (a
     * permanent entering or leaving, the layers' results), and then every
     * permanent is looked at. */
    if (s->spells && slots == s->perm_used) {
        PermSet attach = 0, legends = 0;   /* found in one walk; legends: planeswalkers too */
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            unsigned abk = s->px[i].abk;
            if (!(abk & (PK_ATTACH | PK_LEGEND))) continue;   /* most permanents */
            if (abk & PK_ATTACH) attach |= PERMSET_BIT(i);
            if (abk & PK_LEGEND) legends |= PERMSET_BIT(i);
        }
        dying |= attachments(s, &acted, attach);
        dying |= legend_rule(s, g, legends);
    }
    if (s->spells && dying) die_together(s, g, dying);
    else for (PermIter it = permset_iter(dying); permiter_more(&it);) perm_to_graveyard(s, g, permiter_next(&it));
    if (dying) acted |= SBA_DIED;

    if (lost[0] || lost[1]) {
        int l0 = (s->pl[0].flags & PL_LOST) != 0, l1 = (s->pl[1].flags & PL_LOST) != 0;
        if (l0 && l1) game_end(s, g, 2, (EndReason)s->pl[0].lost_reason);   /* 104.4a */
        else game_end(s, g, l0 ? 1 : 0, (EndReason)s->pl[l0 ? 0 : 1].lost_reason);
    }
    return acted;
}

int sba_state_auras(const GameState *s)
{
    if (s->spells & SPELLS_NO_STATE_AURAS) return 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ATTACH) || s->px[i].attached == NO_SLOT) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_ENCHANT && d->ab[k].trig_filter.state) return 1;
    }
    return 0;
}

void sba_apply(GameState *s, const Game *g)
{
    while (sba_pass(s, g, s->perm_used) && !s->over) {}   /* the game ends at a loss (104.3) */
    s->sba_pending = 0;
}

void sba_apply_slots(GameState *s, const Game *g, PermSet slots)
{
    /* A pass may change what the layers make (a lord that died took its
     * bonus along): the refresh says so (sba_pending), and then every
     * permanent is looked at, not only those of `slots`. After a pass
     * whose only actions were deaths, the permanents of `slots` that stay
     * are as it left them, and what the deaths changed that a state-based
     * action acts on (an attachment left on nothing, the layers' results)
     * flags sba_pending: with that clear, and the players unharmed (else
     * a Platinum Angel gone may let one lose), another pass would find
     * nothing. */
    int acted;
    do {
        if (s->spells) layers_refresh(s);
        if (s->sba_pending) slots = s->perm_used;
        s->sba_pending = 0;
        acted = sba_pass(s, g, slots);
        if (acted == SBA_DIED && !s->over) {
            if (s->spells) layers_refresh(s);
            if (!s->sba_pending && players_unharmed(s)) break;
        }
    } while (!s->over && (acted || s->sba_pending));
    s->sba_pending = 0;
}


int sba_missed(const GameState *s, const Game *g)
{
    if (s->sba_pending || s->over) return 0;
    static _Thread_local GameState t;   /* check mode only: too large for every caller's stack */
    memcpy(&t, s, sizeof t);
    Game q = *g;
    for (int k = 0; k < EV_COUNT; k++) q.on_event[k] = NULL;
    q.policy[0] = q.policy[1] = NULL;
    q.check = 0;
    for (int p = 0; p < 2; p++) {                 /* the players: looked at every time (sba_apply_some) */
        if (t.pl[p].life <= 0) t.pl[p].life = 1;
        t.pl[p].poison = 0;
        t.pl[p].flags &= (uint8_t)~PL_DREW_EMPTY;
    }
    return sba_pass(&t, &q, t.perm_used);
}
