/* check.c: state_check, every invariant of a game state (for tests and
 * debug runs; the turn loop calls it after each action when Game.check). */
#include <stdio.h>
#include <string.h>
#include "targets_many.h"
#include "game.h"
#include "mana.h"
#include "layers.h"

#define FAIL(...) do { snprintf(msg, (size_t)msglen, __VA_ARGS__); return -1; } while (0)

static int mark(uint64_t seen[4], int obj)
{
    if (bits256_has(seen, obj)) return -1;
    bits256_set(seen, obj);
    return 0;
}

/* Games with rules text: permanent i's cached characteristics are those
 * layers_refresh computes; its attachment names a live permanent. */
/* Whether card d puts lore counters on itself (Mind Unbound): its
 * permanents keep them in Permanent.loyalty (122.1). */
static int card_lore(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; j < d->ab[k].n_effects; j++)
            if (d->ab[k].effect[j].op == OP_COUNTERS && d->ab[k].effect[j].arg2 == COUNTER_LORE) return 1;
    return 0;
}

static int spells_check(const GameState *s, int i, char *msg, int msglen)
{
    const PermX *x = &s->px[i];
    if (x->attached != NO_SLOT && !permset_has(s->perm_used, x->attached) && !s->sba_pending)
        FAIL("slot %d: attached to slot %d, which is empty", i, x->attached);
    if (x->owner > 1) FAIL("slot %d: owner %d", i, x->owner);
    if (permset_has(s->pw_used, i) && !perm_is_planeswalker(s, i))                 /* 606.3 */
        FAIL("slot %d: a loyalty ability activated this turn, but not a planeswalker", i);
    if (x->abk != card_ability_kinds(&s->cards[s->perm[i].card]))
        FAIL("slot %d: ability kinds %#x, its card has %#x", i, x->abk, card_ability_kinds(&s->cards[s->perm[i].card]));
    if (permset_has(s->perm_acts, i) != ((x->abk & (PK_ACTIVATED | PK_MANA)) != 0)) FAIL("slot %d: perm_acts wrong", i);
    if (permset_has(s->perm_statics, i) != ((x->abk & (PK_STATIC | PK_ATTACH)) != 0)) FAIL("slot %d: perm_statics wrong", i);
    if (layers_stale(s)) return 0;
    static _Thread_local GameState t;   /* tests only: a copy too large for the stack of every caller */
    memcpy(&t, s, sizeof t);
    t.layers_dirty = 1;
    layers_refresh(&t);
    if (t.cond_key != s->cond_key || t.pl_rules[0] != s->pl_rules[0] || t.pl_rules[1] != s->pl_rules[1])
        FAIL("conditions of static abilities %#x, players' rules %#x %#x; the layers make %#x, %#x %#x", s->cond_key,
             s->pl_rules[0], s->pl_rules[1], t.cond_key, t.pl_rules[0], t.pl_rules[1]);
    const Permanent *q = &s->perm[i], *r = &t.perm[i];
    if (perm_controller(s, i) != perm_controller(&t, i))                  /* layer 2 (613.1b) */
        FAIL("slot %d: controlled by player %d, the control effects in force give it to player %d", i,
             perm_controller(s, i), perm_controller(&t, i));
    if (t.layers_reads & ~s->layers_reads)     /* more is only cautious: a count that no longer applies */
        FAIL("the static abilities count %#x beyond the permanents, the layers say %#x", s->layers_reads, t.layers_reads);
    if (t.float_n != s->float_n) FAIL("%d continuous effects, %d once those whose duration is over end", s->float_n, t.float_n);
    if (q->power != r->power || q->toughness != r->toughness || q->kw != r->kw || x->rules != t.px[i].rules)
        FAIL("slot %d: characteristics %d/%d %#x rules %#x, the layers make %d/%d %#x rules %#x", i, q->power,
             q->toughness, q->kw, (unsigned)x->rules, r->power, r->toughness, r->kw, (unsigned)t.px[i].rules);
    if (s->pl_rules[0] != t.pl_rules[0] || s->pl_rules[1] != t.pl_rules[1])
        FAIL("players' rules %#x %#x, the layers make %#x %#x", s->pl_rules[0], s->pl_rules[1], t.pl_rules[0],
             t.pl_rules[1]);
    if ((q->flags ^ r->flags) & PF_CREATURE || x->colors != t.px[i].colors)
        FAIL("slot %d: creature %d, colors %#x; the layers make %d, %#x", i, !!(q->flags & PF_CREATURE), x->colors,
             !!(r->flags & PF_CREATURE), t.px[i].colors);
    return 0;
}

/* Whether card d says "As ~ enters the battlefield, choose a creature type." */
static int card_chooses_type(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) if (d->ab[k].kind == AB_CHOOSE_TYPE) return 1;
    return 0;
}

int state_check(const GameState *s, const Game *g, char *msg, int msglen)
{
    for (int k = 0; k < s->stack_n; k++) {
        const StackItem *it = &s->stack[k];
        if (it->kind > SI_TRIGGER || it->n_targets > ITEM_TARGETS || it->controller > 1)
            FAIL("stack item %d: kind %d, %d targets, controller %d", k, it->kind, it->n_targets, it->controller);
        for (int j = 0; j < it->n_targets; j++)
            if (it->t[j].kind == TK_NONE || it->t[j].kind > TK_CARD) FAIL("stack item %d: target %d of no kind", k, j);
        if (it->kind != SI_SPELL && it->source == NO_SLOT && it->ability < s->cards[it->card].n_abilities &&
            s->cards[it->card].ab[it->ability].zone == ZONE_GRAVEYARD) {       /* its card (stack.c's GY_SOURCE) */
            const Target *c = &it->t[ITEM_TARGETS - 1];
            if (it->n_targets >= ITEM_TARGETS || c->kind != TK_CARD || c->owner != it->controller ||
                (c->ts == CARD_TARGET_HERE && !bits256_has(s->pl[c->owner].gy, c->v)))
                FAIL("stack item %d: an ability from a graveyard without its card there", k);
        }
        const CardDef *d = &s->cards[it->card];
        const Ability *a = it->ability < d->n_abilities ? &d->ab[it->ability] : NULL;
        const char *bad = a && many_spec(a) ? many_check(s, it, a) : NULL;
        for (int j = 0; j < it->n_targets && !bad && !(a && many_spec(a)); j++)
            if (it->t[j].amount) bad = "a share of damage on a target not divided among";
        if (bad) FAIL("stack item %d: %s", k, bad);
        /* an Aura's granted ability: its source is the creature it was activated from (ev_card) */
        if (a && it->kind == SI_ABILITY && a->granted == GRANT_ATTACHED && it->source != NO_SLOT &&
            permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts &&
            s->perm[it->source].card != it->ev_card)
            FAIL("stack item %d: a granted ability whose source is not the creature it was activated from", k);
        /* an event's object's last known information (zone.c's last_known): colors, a controller */
        if ((it->ev_lki & ~(LKI_KNOWN | EV_LKI_CTL1 | 0x1Fu)) || (it->ev_lki && !(it->ev_lki & LKI_KNOWN)))
            FAIL("stack item %d: last known information of its event's object %#x", k, it->ev_lki);
    }
    for (int k = 0; k < s->pending_n && k < TRIG_MAX; k++) {
        const Pending *w = &s->pend[k];
        if ((w->ev_lki & ~(LKI_KNOWN | EV_LKI_CTL1 | 0x1Fu)) || (w->ev_lki && !(w->ev_lki & LKI_KNOWN)))
            FAIL("waiting trigger %d: last known information of its event's object %#x", k, w->ev_lki);
    }
    if (s->float_n > FLOAT_MAX || s->pending_n > TRIG_MAX) FAIL("%d effects, %d triggers waiting", s->float_n, s->pending_n);
    for (int k = 0; k < s->pending_n; k++) {                 /* a graveyard card's trigger: its card there */
        const Pending *w = &s->pend[k];
        if (pend_from_gy(s, w) && (w->controller > 1 || w->source != NO_SLOT ||
                                   (w->gy_obj != OBJ_NONE && (!bits256_has(s->pl[w->controller].gy, w->gy_obj) ||
                                                              OBJ_CARD(s, w->controller, w->gy_obj) != w->card))))
            FAIL("trigger waiting %d: a graveyard card's ability without its card there", k);
    }
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == FL_DAMAGED_BY && (f->p < 0 || f->p >= PERM_MAX || f->dur != DUR_EOT))
            FAIL("effect %d: a damage record of slot %d for %d", j, f->p, f->dur);
        /* 607.2a: the card a permanent's linked ability exiled stays in its owner's exile while
         * that permanent is there (nothing else takes a card out of exile) */
        if (f->op == FL_COLOR && (f->kw == 0 || (f->kw & (f->kw - 1)) || f->kw > CB_G || f->dur != DUR_FOREVER ||
                                  f->slot >= PERM_MAX))
            FAIL("effect %d: color %d chosen for slot %d", j, f->kw, f->slot);
        if (f->op == FL_CHOSEN &&
            (!f->sub || f->sub == SUBTYPE_CHOSEN || f->dur != DUR_FOREVER || f->slot >= PERM_MAX ||
             (permset_has(s->perm_used, f->slot) && s->px[f->slot].ts == f->perm_ts &&
              !card_chooses_type(&s->cards[s->perm[f->slot].card]))))
            FAIL("effect %d: a creature type %d chosen for slot %d, whose card chooses none", j, f->sub, f->slot);
        if (f->op == FL_LINKED &&
            (f->controller > 1 || f->p < 0 || f->p >= s->pl[f->controller].deck_n || f->dur != DUR_FOREVER ||
             f->slot >= PERM_MAX || (permset_has(s->perm_used, f->slot) && s->px[f->slot].ts == f->perm_ts &&
                                     !bits256_has(s->exile[f->controller], f->p))))
            FAIL("effect %d: slot %d's exiled card %d of player %d is not in exile", j, f->slot, f->p, f->controller);
        if (f->op == OP_REDIRECT && (f->dur != DUR_EOT || f->controller > 1 || f->slot >= PERM_MAX))
            FAIL("redirection effect %d: duration %d, player %d, slot %d", j, f->dur, f->controller, f->slot);
        if (f->op == OP_NO_UNTAP && (f->dur != DUR_NEXT_UNTAP || f->controller > 1))
            FAIL("untap effect %d: duration %d, player %d", j, f->dur, f->controller);
        if (f->op == OP_BECOME && f->dur != DUR_EOT && f->dur != DUR_SOURCE_PRESENT)
            FAIL("becoming effect %d: duration %d", j, f->dur);
        if (f->dur == DUR_SOURCE_PRESENT && (f->controller >= PERM_MAX || !permset_has(s->perm_used, f->controller)))
            FAIL("effect %d: for as long as slot %d remains on the battlefield, which is empty", j, f->controller);
        if (f->op == OP_GRANT && (f->dur != DUR_EOT && f->dur != DUR_SOURCE_CONTROLLED))
            FAIL("keyword effect %d: duration %d", j, f->dur);
        if (f->op == OP_GRANT && f->dur == DUR_SOURCE_CONTROLLED && !permset_has(s->perm_used, f->source))
            FAIL("keyword effect %d: for as long as its controller controls slot %d, which is empty", j, f->source);
        if (f->op != OP_CONTROL) continue;
        if (f->controller > 1) FAIL("control effect %d: to player %d", j, f->controller);
        if (f->dur != DUR_EOT && f->dur != DUR_FOREVER && f->dur != DUR_SOURCE_CONTROLLED && f->dur != DUR_TARGET_ENCHANTED)
            FAIL("control effect %d: duration %d", j, f->dur);
        /* perm_leave ends it as its source leaves, so that the slot is never another's */
        if (f->dur == DUR_SOURCE_CONTROLLED && !permset_has(s->perm_used, f->source))
            FAIL("control effect %d: for as long as its controller controls slot %d, which is empty", j, f->source);
    }
    if (s->step >= STEP_COUNT) FAIL("step %d out of range", s->step);
    if (s->active > 1 || s->starting > 1) FAIL("active %d / starting %d", s->active, s->starting);
    if ((s->perm_ctl[0] & s->perm_ctl[1]) || ((s->perm_ctl[0] | s->perm_ctl[1]) != s->perm_used))
        FAIL("control masks disagree with the live slots");

    /* Cards are neither created nor lost: every object id is in exactly one zone. */
    for (int p = 0; p < 2; p++) {
        const Player *pl = &s->pl[p];
        uint64_t seen[4] = {0, 0, 0, 0};
        if (!s->spells && (pl->flags & (PL_CAST | PL_NO_CAST) || s->combat.skip[p]))
            FAIL("player %d: casting rules in a game without rules text", p);
        int n = 0;
        if (pl->hand_n > HAND_MAX) FAIL("player %d: %d cards in hand", p, pl->hand_n);
        if (pl->lib_n && !pl->lib) FAIL("player %d: library without an order", p);
        if ((pl->flags & PL_LIB_OWN) && (pl->lib != s->lib_buf[p] || pl->lib_top + pl->lib_n > DECK_MAX))
            FAIL("player %d: an own library outside the state's buffer", p);
        if (pl->lib_top + pl->lib_n > DECK_MAX) FAIL("player %d: library out of range", p);
        for (int k = 0; k < pl->lib_n; k++, n++)
            if (pl->lib[pl->lib_top + k] >= pl->deck_n || mark(seen, pl->lib[pl->lib_top + k]))
                FAIL("player %d: object %d twice or unknown (library)", p, pl->lib[pl->lib_top + k]);
        for (int k = 0; k < pl->hand_n; k++, n++)
            if (pl->hand[k] >= pl->deck_n || mark(seen, pl->hand[k]))
                FAIL("player %d: object %d twice or unknown (hand)", p, pl->hand[k]);
        for (int k = 0; k < s->stack_n; k++)
            if (s->stack[k].kind == SI_SPELL && s->stack[k].owner == p && (n++, mark(seen, s->stack[k].obj)))
                FAIL("player %d: object %d twice (stack)", p, s->stack[k].obj);
        /* A permanent's card is its owner's, whoever controls it (108.3). */
        for (PermSet m = s->perm_used; m; m &= m - 1) {
            int i = permset_first(m);
            const Permanent *q = &s->perm[i];
            if (q->obj == OBJ_NONE || perm_owner(s, i) != p) continue;
            if (q->obj >= pl->deck_n || mark(seen, q->obj)) FAIL("player %d: object %d twice (battlefield)", p, q->obj);
            if (pl->deck && pl->deck[q->obj] != q->card) FAIL("player %d: permanent of object %d is another card", p, q->obj);
            n++;
        }
        int lands = 0, gy = 0;
        for (int o = 0; o < DECK_MAX; o++) {
            if (bits256_has(pl->lands, o)) {
                if (o >= pl->deck_n || mark(seen, o)) FAIL("player %d: object %d twice (lands)", p, o);
                lands++;
            }
            if (bits256_has(pl->gy, o)) {
                if (o >= pl->deck_n || mark(seen, o)) FAIL("player %d: object %d twice (graveyard)", p, o);
                gy++;
            }
            if (bits256_has(s->exile[p], o)) {
                if (o >= pl->deck_n || mark(seen, o)) FAIL("player %d: object %d twice (exile)", p, o);
                n++;
            }
        }
        n += lands + gy;
        if (pl->deck && n != pl->deck_n) FAIL("player %d: %d cards in all zones, owns %d", p, n, pl->deck_n);
        if (gy != pl->gy_n) FAIL("player %d: graveyard count %d, holds %d", p, pl->gy_n, gy);
        if (lands != pl->lands_n) FAIL("player %d: land count %d, holds %d", p, pl->lands_n, lands);
        int by_color = 0;
        for (int c = 0; c < COLOR_COUNT; c++) {
            if (pl->land_tapped[c] > pl->land_n[c]) FAIL("player %d: more tapped lands than lands", p);
            by_color += pl->land_n[c];
        }
        if (by_color != lands) FAIL("player %d: lands by color %d, lands %d", p, by_color, lands);
        if (state_land_objects(s) && (lands || mana_pack(pl->land_tapped)))   /* basic lands are permanents */
            FAIL("player %d: %d basic lands counted in a game with land objects", p, lands);
        if (pl->deck && !(pl->flags & PL_FREE_SPELLS) && player_free_spells(s, p))
            FAIL("player %d: a card of mana value 0 in the deck and no PL_FREE_SPELLS", p);
        if (pl->deck && !(pl->flags & PL_GY_ABILITIES) && player_gy_abilities(s, p))
            FAIL("player %d: a card with a graveyard ability in the deck and no PL_GY_ABILITIES", p);
        if (pl->play) {
            if (!pl->deck) FAIL("player %d: a play table and no deck", p);
            for (int o = 0; o < pl->deck_n; o++)
                if (pl->play[o] != play_info(&s->cards[pl->deck[o]])) FAIL("player %d: play table wrong for object %d", p, o);
        }
        if (pl->deck && g && g->deck[p]) {
            for (int o = 0; o < DECK_MAX; o++) {
                if (!bits256_has(pl->lands, o)) continue;
                if (s->cards[pl->deck[o]].produces < 0) FAIL("player %d: object %d on the battlefield as a land", p, o);
            }
        }
    }

    /* Permanents. */
    for (PermSet m = s->perm_used; m; m &= m - 1) {
        int i = permset_first(m);
        const Permanent *q = &s->perm[i];
        /* A basic land card a permanent only where basic lands are (SPELLS_LAND_OBJECTS; a
         * combat scenario's lands have no card object) */
        if (s->spells && !state_land_objects(s) && q->obj != OBJ_NONE && s->cards[q->card].produces >= 0 &&
            !s->cards[q->card].n_abilities)
            FAIL("slot %d: a basic land permanent in a game where basic lands are counts", i);
        if (s->spells && (s->px[i].xflags & PX_LAND) != ((s->cards[q->card].types & TYPE_LAND) ? PX_LAND : 0))
            FAIL("slot %d: PX_LAND is not whether its card is a land", i);
        if (g && g->pool && q->card >= g->pool->n + g->pool->n_tokens) FAIL("slot %d: card %d out of the pool", i, q->card);
        const CardDef *d = &s->cards[q->card];
        /* Without rules text, nothing changes a characteristic but counters
         * (perm_refresh); with it, the layers computed again must agree
         * (unless a change is waiting to be computed). */
        if (s->spells) {
            if (spells_check(s, i, msg, msglen)) return -1;
        } else if (q->kw != d->keywords || q->power != d->power + q->plus - q->minus ||
            q->toughness != d->toughness + q->plus - q->minus)
            FAIL("slot %d: power, toughness or keywords %d/%d %#x, the card and counters make %d/%d %#x", i,
                 q->power, q->toughness, q->kw, d->power + q->plus - q->minus, d->toughness + q->plus - q->minus,
                 d->keywords);
        if (permset_has(s->perm_creatures, i) != ((q->flags & PF_CREATURE) != 0)) FAIL("slot %d: perm_creatures wrong", i);
        if (s->spells && permset_has(s->perm_shielded, i) != ((s->px[i].rules & RULES_UNTARGETABLE) != 0))
            FAIL("slot %d: perm_shielded wrong", i);
        int became = 0;                  /* an effect makes it a creature until end of turn (OP_BECOME) */
        for (int j = 0; s->spells && j < s->float_n; j++)
            became |= s->fl[j].op == OP_BECOME && s->fl[j].slot == i && s->fl[j].perm_ts == s->px[i].ts;
        int settled = !s->spells || !s->layers_dirty || (d->types & TYPE_CREATURE);   /* else the layers will say */
        if (settled && !(q->flags & PF_CREATURE) != !((d->types & TYPE_CREATURE) || became))
            FAIL("slot %d: creature flag is not its card's (nor an effect's)", i);
        if (became && !(d->types & TYPE_LAND)) FAIL("slot %d: a nonland made a creature (only lands become creatures)", i);
        if (q->plus && q->minus) FAIL("slot %d: +1/+1 and -1/-1 counters did not cancel", i);
        /* 120.6: damage stays marked on a land that stops being a creature (Awakener Druid's
         * Forest, the Druid gone) until the cleanup step */
        if (!perm_is_creature(s, i) && q->damage && !perm_is_planeswalker(s, i) && !(d->types & TYPE_LAND))
            FAIL("slot %d: damage on a noncreature", i);
        if (q->loyalty && !perm_is_planeswalker(s, i) && !card_lore(d))
            FAIL("slot %d: loyalty counters on a nonplaneswalker (nor lore counters its card puts)", i);
        if (perm_is_planeswalker(s, i) && !perm_is_creature(s, i) && q->damage)   /* 306.8: loyalty goes instead */
            FAIL("slot %d: damage marked on a planeswalker", i);
        if (q->target != TARGET_NONE && !permset_has(s->combat.attackers, i))
            FAIL("slot %d: has an attack target but is not attacking", i);
    }

    /* Combat. */
    const Combat *c = &s->combat;
    int def = 1 - s->active;
    if ((c->attackers | c->blockers) & ~s->perm_used) FAIL("a creature in combat is not on the battlefield");
    if (c->attackers & ~s->perm_ctl[s->active]) FAIL("an attacker is not the active player's");
    if (c->blockers & ~s->perm_ctl[def]) FAIL("a blocker is not the defending player's");
    for (PermSet m = c->attackers | c->blockers; m; m &= m - 1) {
        int i = permset_first(m);
        if (!perm_is_creature(s, i)) FAIL("slot %d in combat is not a creature", i);
    }
    for (PermSet m = c->attackers; m; m &= m - 1) {
        int a = permset_first(m);
        uint8_t t = s->perm[a].target;
        if (t == TARGET_NONE) FAIL("attacker %d attacks nothing", a);
        if (t < PERM_MAX && (!permset_has(s->perm_ctl[def], t) || !perm_is_planeswalker(s, t)))
            FAIL("attacker %d attacks slot %d, not a planeswalker of the defender", a, t);
        if (perm_has(s, a, KW_DEFENDER)) FAIL("attacker %d has defender", a);
    }
    if (c->n_pairs > PAIR_MAX) FAIL("%d block pairs", c->n_pairs);
    for (int k = c->n_pairs; k < PAIR_MAX; k++)
        if (c->pair_att[k] | c->pair_blk[k] | c->rank_att[k] | c->rank_blk[k])
            FAIL("pair %d past the %d pairs is not zero", k, c->n_pairs);
    uint8_t per_blocker[PERM_MAX] = {0};
    PermSet in_pairs = 0;
    for (int k = 0; k < c->n_pairs; k++) {
        int a = c->pair_att[k], b = c->pair_blk[k];
        if (a >= PERM_MAX || b >= PERM_MAX || !permset_has(c->attackers, a) || !permset_has(c->blockers, b))
            FAIL("pair %d: %d blocks %d, not both in combat", k, b, a);
        if (!(s->perm[a].flags & PF_BLOCKED)) FAIL("attacker %d has a blocker but is not blocked", a);
        /* With rules text, flying or a blocker's capacity may change once
         * blocks are declared (the declaration was checked then). */
        if (!s->spells && perm_has(s, a, KW_FLYING) && !perm_has(s, b, KW_FLYING | KW_REACH))
            FAIL("blocker %d blocks flyer %d without flying or reach", b, a);
        if (++per_blocker[b] > perm_def(s, b)->max_blocks && !s->spells) FAIL("blocker %d blocks too many", b);
        in_pairs |= PERMSET_BIT(b);
    }
    /* A blocker whose attackers all left combat is still blocking (506.4),
     * so blockers without pairs are legal; pairs without a blocker are not. */
    if (in_pairs & ~c->blockers) FAIL("a pair's blocker is not blocking");

    /* Life and poison agree with the game's end (after state-based actions). */
    for (int p = 0; p < 2; p++) {
        const Player *pl = &s->pl[p];
        int should_lose = (pl->life <= 0 || pl->poison >= POISON_LOSS || (pl->flags & PL_DREW_EMPTY)) &&
                          !(s->pl_rules[p] & PR_CANT_LOSE);                        /* Platinum Angel */
        if ((pl->flags & PL_LOST) && !s->over) FAIL("player %d lost but the game goes on", p);
        if (!s->over && should_lose)
            FAIL("player %d should have lost (life %d, poison %d)", p, pl->life, pl->poison);
    }
    if (s->over) {
        int l0 = (s->pl[0].flags & PL_LOST) != 0, l1 = (s->pl[1].flags & PL_LOST) != 0;
        if (s->winner > 2) FAIL("winner %d", s->winner);
        if (s->winner < 2 && !(s->pl[1 - s->winner].flags & PL_LOST)) FAIL("winner %d but the other did not lose", s->winner);
        if (s->winner < 2 && (s->pl[s->winner].flags & PL_LOST)) FAIL("winner %d also lost", s->winner);
        if (s->winner == 2 && (l0 != l1)) FAIL("a draw but only one player lost");
    }
    return 0;
}
