/* stack.h: the stack and priority (117, 405, 601-608): casting spells and
 * activating abilities (their costs and targets), triggered abilities put
 * on the stack in APNAP order (603.3b), resolving last in, first out, and
 * the priority loop of a step in games with rules text. */
#ifndef MTG_STACK_H
#define MTG_STACK_H

#include "policy.h"

/* The priority loop (stack.c), entered with player p holding priority
 * and `look`, its policy's answer to looks there (LOOK_ASK: not asked
 * yet). A p other than the active player: the active player has just
 * passed, the state settled and the stack empty. */
enum { LOOK_ASK = -1 };
void priority_looked(GameState *s, Game *g, int p, int look);

/* Whether settle has nothing to do (most priority points): no error, the
 * layers settled, no permanent pending for the state-based actions, no
 * trigger waiting, and the players as sba_apply_some lets them be. Tested
 * with one branch, its terms or-ed and and-ed; the state's bytes in one
 * word, over .. extra_n (state.h), the game over and an extra turn
 * among them: those take the long way, which gives the same. */
static inline int settled_now(const GameState *s, const Game *g)
{
    uint64_t bytes;
    memcpy(&bytes, (const char *)s + offsetof(GameState, over), sizeof bytes);
    return ((bytes | (uint64_t)g->check) == 0) & players_unharmed(s);
}

/* Player p's policy's answer to looks (policy.h) at this priority point. */
static inline int priority_look(const GameState *s, const Game *g, int p)
{
    const Policy *pol = g->policy[p];
    return !pol ? LOOK_PASS : pol->looks ? pol->looks(pol, s, g, p) : LOOK_ALL;
}

/* The steps in which both of g's policies pass with the stack empty
 * (Policy.quiet; a seat with no policy passes everywhere), made again
 * when the policies or the game's decks change (priority_quiet_make). */
void priority_quiet_make(const GameState *s, Game *g);
static inline unsigned priority_quiet(const GameState *s, Game *g)
{
    if (g->quiet_of[0] != g->policy[0] || g->quiet_of[1] != g->policy[1] || g->quiet_spells != s->spells)
        priority_quiet_make(s, g);
    return g->quiet_steps;
}

/* The steps in which player p's policy passes on tricks alone with the
 * stack empty (Policy.tricks), made with priority_quiet's. */
static inline unsigned priority_tricks(const GameState *s, Game *g, int p)
{
    priority_quiet(s, g);
    return g->tricks_steps[p];
}

/* Runs priority in the current step (games with rules text): state-based
 * actions, waiting triggers onto the stack, then the players act or pass
 * in turn order from the active player; both passing in succession with
 * the stack empty ends the step (500.2), with something on it resolves
 * the top item (117.4, 608). In a main phase the active player may also
 * play lands and cast sorcery-speed spells when the stack is empty.
 * Most priority points end at once: nothing to settle, the stack empty,
 * and both players passing as their policies look at nothing there (117.3d,
 * 500.2). Those are answered here, inline at the caller's step, without
 * the loop's frame, and in a step both policies are quiet in
 * (priority_quiet) without asking them; a look that is not a pass is
 * handed to the loop, not asked again. */
static inline void priority_run(GameState *s, Game *g)
{
    if (!settled_now(s, g) || s->stack_n) { priority_looked(s, g, s->active, LOOK_ASK); return; }
    if (priority_quiet(s, g) >> s->step & 1) return;
    int p = s->active, look = priority_look(s, g, p);
    if (look == LOOK_PASS) {
        p = 1 - p;
        look = priority_look(s, g, p);
        if (look == LOOK_PASS) return;
    }
    priority_looked(s, g, p, look);
}

/* Takes action a for player p (a legal one, from game_legal_actions;
 * scenarios may give one with `free_mana` set, for which no mana is paid).
 * Returns MTG_OK or an error with the state unchanged. */
int action_apply(GameState *s, Game *g, int p, const Action *a, int free_mana);

/* Fills the cost choices of action a that its maker left empty (the
 * permanent sacrificed, the cards discarded: actions.c's list_costs) with
 * the engine's default, those of the first legal action with the same
 * card, ability and targets; a stays as it was when none has any. */
void action_default_costs(const GameState *s, int p, Action *a, int free_mana);

/* The same for an action known to be legal: one of the list
 * actions_spells made for p in this very state (the look-ahead tries
 * each of them on a fork). Skips listing every legal action again to
 * find it there. */
int action_apply_listed(GameState *s, Game *g, int p, const Action *a);

/* Resolves the top item of the stack (608): its effects, or a permanent
 * spell onto the battlefield. */
void stack_resolve_top(GameState *s, Game *g);

/* Puts every waiting triggered ability on the stack, the active player's
 * first (603.3b), choosing targets; one without a legal target is removed
 * (603.3d). Returns how many went on the stack. triggers_put_waiting is
 * the work; triggers_put, called at every priority point, its inline
 * check that one waits (most often none does). */
int triggers_put_waiting(GameState *s, Game *g);
static inline int triggers_put(GameState *s, Game *g)
{
    return s->pending_n ? triggers_put_waiting(s, g) : 0;
}

/* A triggering event (603.2): queues every ability that triggers on it.
 * `trigger` is TR_*, `slot` the permanent concerned (the source for TR_ETB,
 * TR_DIES, TR_ATTACKS, ...), `player` the player concerned. For TR_DIES
 * the permanent has left: its card and controller are given.
 * trigger_event_any is the work; trigger_event its inline check that a
 * card of the game has an ability of that kind (GameState.trig_absent),
 * or for an upkeep that the player owns a card whose ability functions
 * from a graveyard (PL_GY_ABILITIES: Squee), for an attack that a card
 * has TR_ATTACHED_ATTACKS (what is attached to the attacker). */
void trigger_event_any(GameState *s, int trigger, int slot, uint16_t card, int controller, int player,
                       int amount);
static inline void trigger_event(GameState *s, int trigger, int slot, uint16_t card, int controller, int player,
                                 int amount)
{
    if ((s->trig_absent >> trigger & 1) &&
        (trigger == TR_UPKEEP ? !(s->pl[player].flags & PL_GY_ABILITIES)
                              : trigger != TR_ATTACKS || (s->trig_absent >> TR_ATTACHED_ATTACKS & 1)))
        return;
    trigger_event_any(s, trigger, slot, card, controller, player, amount);
}

/* (Upkeeps: trigger_event's TR_UPKEEP also looks through the active
 * player's graveyard, "at the beginning of your upkeep, you may return ~
 * from your graveyard", when it owns such a card.)
 * Player p was dealt damage by a source of card `card` with colors `colors`
 * (CB_*, as it is or last was) controlled by src_ctl: the abilities of the
 * cards in src_ctl's graveyard that trigger on it (TR_OPP_DAMAGED_BY,
 * Chandra's Phoenix), one each. Looks only when src_ctl owns such a card
 * (PL_GY_ABILITIES). */
void trigger_gy_damage_of(GameState *s, int p, uint16_t card, unsigned colors, int src_ctl);
static inline void trigger_gy_damage(GameState *s, int p, uint16_t card, unsigned colors, int src_ctl)
{
    if ((s->pl[src_ctl].flags & PL_GY_ABILITIES) && p != src_ctl)   /* "an opponent": the look, inline the test */
        trigger_gy_damage_of(s, p, card, colors, src_ctl);
}

/* A trigger of permanent `slot`'s own abilities (TR_BLOCKS, TR_DAMAGE_OPPONENT,
 * ...): `other` is the event's other permanent ("that creature") or NO_SLOT,
 * `player` the event's player, `amount` its amount. trigger_event_on_card
 * is the work; trigger_event_on its inline check that the permanent's card
 * has a triggered ability (PermX.abk) and a card of the game one of that
 * kind (most often not: combat damage to a player asks at each blow). */
void trigger_event_on_card(GameState *s, int trigger, int slot, int other, int player, int amount);
static inline void trigger_event_on(GameState *s, int trigger, int slot, int other, int player, int amount)
{
    if ((s->trig_absent >> trigger & 1) || !(s->px[slot].abk & PK_TRIGGERED)) return;
    trigger_event_on_card(s, trigger, slot, other, player, amount);
}

/* 603.6c, 603.10a: permanent `slot` (card, controller) has left the
 * battlefield: its "When ~ leaves the battlefield" abilities, each with
 * the card its linked ability exiled (607.2a: the Floating FL_LINKED
 * record, dropped; StackItem.ev_player its owner, ev_amount its object
 * id, or -1 for none). */
void trigger_leaves(GameState *s, int slot, uint16_t card, int controller);

/* Creature `slot` (controller `player`) dies (603.10a, before its Auras
 * become unattached): "When enchanted creature dies" of what is attached
 * to it (TR_ATTACHED_DIES; the event's object: the creature), each with
 * its Aura's card, owner << 8 | object id in ev_amount (-1 for a token),
 * for "return ~ to its owner's hand" from the graveyard (400.7: the card
 * an Aura became there with the creature, or for being attached to
 * nothing, 704.5m). */
void trigger_attached_dies(GameState *s, int slot, int player);

/* "Whenever enchanted (equipped) creature attacks / blocks / deals combat
 * damage to a player": the abilities of that kind of what is attached to
 * permanent `slot` (that creature: the event's), with the event's player
 * and amount. */
void trigger_attached_of(GameState *s, int trigger, int slot, int player, int amount);
static inline void trigger_attached(GameState *s, int trigger, int slot, int player, int amount)
{
    if (!(s->trig_absent >> trigger & 1)) trigger_attached_of(s, trigger, slot, player, amount);   /* asked at each blow */
}

/* "Whenever a creature you control dies" (TR_OTHER_DIES: Grave Pact):
 * creature i, controlled by ctl, is about to be put into a graveyard from
 * the battlefield (zone.c's perm_leave, before it leaves, so that the
 * abilities' filters see it as it last existed). Such a watcher sees the
 * deaths at the same time as its own leaving (603.10a) because it leaves
 * after them: triggers_watch_dies gives the watchers among `set`, which
 * the callers that remove several permanents at once (sba.c, effect.c's
 * "destroy all") put last; played.c plays the trigger only on a card that
 * is no creature, so that no watcher's own death goes unseen. */
void trigger_other_dies(GameState *s, int i, int ctl);
PermSet triggers_watch_dies(const GameState *s, PermSet set);

/* "Whenever enchanted creature deals damage" (Spirit Link): permanent
 * `slot` dealt `amount` damage in one event, to one or several recipients
 * at once (a combat damage step's, or one effect's: the ability triggers
 * once, as lifelink's did when it was a triggered ability); the abilities
 * of what is attached to it, with that amount. */
static inline void trigger_attached_damage(GameState *s, int slot, int amount)
{
    if (amount > 0) trigger_attached(s, TR_ATTACHED_DEALS_DAMAGE, slot, perm_controller(s, slot), amount);
}

/* Permanent `slot` became tapped (it was untapped): an attack (508.1f), a
 * {T} cost (602.2b, mana abilities while paying included), an effect that
 * taps it, regeneration (701.15a). Queues "whenever a creature an opponent
 * controls becomes tapped" (TR_OTHER_TAPPED; the event's object: it).
 * Entering the battlefield tapped is no such event. Nothing in a game
 * without rules text. */
void trigger_tapped(GameState *s, int slot);

/* Whether a permanent on the battlefield has a triggered ability of one of
 * the kinds in `triggers` (bit TR_*). */
int trigger_watched(const GameState *s, uint64_t triggers);

/* 603.7: the resolving triggered ability `it` ("when ~ attacks, sacrifice
 * it at end of combat") creates its delayed triggered ability: the same
 * ability of the same source, waiting until the end of combat step
 * (triggers_end_of_combat), where it triggers and its effect happens. */
void trigger_delayed(GameState *s, const StackItem *it);

/* 511.2: the end of combat step begins: "at end of combat" delayed
 * triggered abilities trigger (they go on the stack at the next priority). */
void triggers_end_of_combat(GameState *s);

/* A spell was cast (601.2i): abilities that trigger on casting. */
void trigger_cast(GameState *s, const StackItem *spell);

/* Spell or ability `it` was put on the stack with its targets (601.2i,
 * 602.2i, 603.3): each permanent it targets "becomes the target of a
 * spell or ability" (TR_BECOMES_TARGET; an Aura on it, TR_ATTACHED_BECOMES_TARGET),
 * once per item however many of its targets name it. */
void triggers_targeted(GameState *s, const StackItem *it);

/* Sengir Vampire: records that permanent `src` (if it has "whenever a
 * creature dealt damage by ~ this turn dies") dealt damage to creature
 * `victim` (a Floating FL_DAMAGED_BY until end of turn); and, as a
 * creature dies (before it leaves), triggers those abilities of the
 * sources still on the battlefield. */
void trigger_damage_record_of(GameState *s, int src, int victim);
static inline void trigger_damage_record(GameState *s, int src, int victim)
{
    /* Only a card of the game with the ability can watch (its printed abilities: watches_damaged). */
    if (!(s->trig_absent >> TR_DAMAGED_CREATURE_DIES & 1)) trigger_damage_record_of(s, src, victim);
}
void trigger_damaged_dies(GameState *s, int victim);

/* Blockers were declared (509.5): "whenever ~ blocks", "blocks a
 * creature", "becomes blocked", "becomes blocked by a creature". */
void triggers_blocks(GameState *s);

/* 508.3a: the abilities that trigger on another creature's attack
 * (TR_OTHER_ATTACKS), once the attackers are declared: one scan of the
 * battlefield, then its attackers for each such ability. */
void triggers_attacks(GameState *s);

/* The place on the stack of the item with timestamp ts, or -1. */
static inline int stack_find(const GameState *s, uint32_t ts)
{
    for (int k = 0; k < s->stack_n; k++) if (s->stack[k].ts == ts) return k;
    return -1;
}

/* The next timestamp (613.7). */
static inline uint32_t state_ts(GameState *s) { return ++s->ts_next; }

#endif
