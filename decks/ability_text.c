/* ability_text.c: one canonical line of text per Ability record, for tests,
 * `mtgsim cards --json` and traces. The same record always gives the same
 * line; the words are the records' fields, not the printed rules text. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* An output buffer that never overflows and counts what it wanted. */
typedef struct Buf {
    char  *s;
    size_t cap, n;
} Buf;

static void put(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->n < b->cap ? b->cap - b->n : 0;
    int k = vsnprintf(room ? b->s + b->n : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) b->n += (size_t)k;
}

static const char *const kw_names[KW_COUNT] = {
    "flying", "reach", "first strike", "double strike", "deathtouch", "trample", "lifelink",
    "vigilance", "haste", "menace", "defender", "indestructible", "wither", "infect",
};

static void kws(Buf *b, unsigned kw)
{
    int first = 1;
    for (int k = 0; k < KW_COUNT; k++)
        if (kw & (1u << k)) { put(b, "%s%s", first ? "" : ",", kw_names[k]); first = 0; }
}

int keywords_describe(unsigned kw, char *out, size_t outlen)
{
    Buf b = { out, outlen, 0 };
    if (outlen) out[0] = 0;
    kws(&b, kw);
    return (int)b.n;
}

static void color_list(Buf *b, unsigned c, const char *pre)
{
    static const char *const names[] = { "white", "blue", "black", "red", "green" };
    int first = 1;
    for (int k = 0; k < 5; k++)
        if (c & (1u << k)) { put(b, "%s%s%s", first ? "" : "|", first ? pre : "", names[k]); first = 0; }
}

static const char *const type_names[] = { "land", "creature", "planeswalker", "artifact",
                                          "enchantment", "instant", "sorcery", "tribal" };

static void type_list(Buf *b, unsigned t, const char *pre, const char *sep)
{
    int first = 1;
    for (int k = 0; k < 8; k++)
        if (t & (1u << k)) { put(b, "%s%s%s", first ? "" : sep, pre, type_names[k]); first = 0; }
}

static const char *sub_name(const SubtypeTable *st, int id)
{
    if (id == SUBTYPE_CHOSEN) return "chosen-type";
    return st && id > 0 && id <= st->n ? st->name[id] : "?";
}

/* "[other tapped white|blue nonblack Goblin creature with flying you control]" */
static void filter_noun(Buf *b, const Filter *f, const SubtypeTable *st, int noun)
{
    int sp = 0;
#define SP() do { if (sp) put(b, " "); sp = 1; } while (0)
    put(b, "[");
    if (f->other) { SP(); put(b, "other"); }
    if (f->state & FS_TAPPED) { SP(); put(b, "tapped"); }
    if (f->state & FS_UNTAPPED) { SP(); put(b, "untapped"); }
    if ((f->state & (FS_ATTACKING | FS_BLOCKING)) == (FS_ATTACKING | FS_BLOCKING)) { SP(); put(b, "attacking|blocking"); }
    else if (f->state & FS_ATTACKING) { SP(); put(b, "attacking"); }
    else if (f->state & FS_BLOCKING) { SP(); put(b, "blocking"); }
    if (f->state & FS_TOKEN) { SP(); put(b, "token"); }
    if (f->state & FS_NONTOKEN) { SP(); put(b, "nontoken"); }
    if (f->supers & SUPER_BASIC) { SP(); put(b, "basic"); }
    if (f->supers & SUPER_LEGENDARY) { SP(); put(b, "legendary"); }
    if (f->colors & CB_CHOSEN) { SP(); put(b, "chosen-color"); }
    if (f->colors & ~CB_CHOSEN) { SP(); color_list(b, f->colors & ~CB_CHOSEN, ""); }
    if (f->colors_not) { SP(); color_list(b, f->colors_not, "non"); }
    if (f->types_not) { SP(); type_list(b, f->types_not, "non", " "); }
    if (f->subtype_not) { SP(); put(b, "non-%s", sub_name(st, f->subtype_not)); }
    int nsub = 0;
    for (int k = 0; k < FILTER_SUBTYPES; k++)
        if (f->subtype[k]) { put(b, nsub ? "|%s" : (sp ? " %s" : "%s"), sub_name(st, f->subtype[k])); nsub++; sp = 1; }
    if (f->types_all) { SP(); type_list(b, f->types_all, "", "&"); }
    if (f->types & ~f->types_all) { SP(); type_list(b, f->types, "", "|"); }
    switch (f->zone) {
    case ZONE_STACK:     SP(); put(b, "spell"); break;
    case ZONE_GRAVEYARD: SP(); put(b, "card in graveyard"); break;
    case ZONE_HAND:      SP(); put(b, "card in hand"); break;
    case ZONE_LIBRARY:   SP(); put(b, "card in library"); break;
    case ZONE_EXILE:     SP(); put(b, "card in exile"); break;
    default: if (noun && !f->types && !nsub) { SP(); put(b, "permanent"); } break;
    }
    if (f->kw) { SP(); put(b, "with "); kws(b, f->kw); }
    if (f->kw_not) { SP(); put(b, "without "); kws(b, f->kw_not); }
    if (f->power_max != FILTER_NO_LIMIT) { SP(); put(b, "power<=%d", f->power_max); }
    if (f->power_min != FILTER_NO_MIN) { SP(); put(b, "power>=%d", f->power_min); }
    if (f->mv_max == FILTER_MV_X) { SP(); put(b, "mv<=X"); }
    else if (f->mv_max != FILTER_NO_LIMIT) { SP(); put(b, "mv<=%d", f->mv_max); }
    if (f->state & FS_NAMED) { SP(); put(b, "named ~"); }
    if (f->state & FS_BLOCKING_SOURCE) { SP(); put(b, "blocking ~"); }
    static const char *const ctl[] = { "", "you control", "opponent controls", "you don't control" };
    if (f->ctl && f->ctl < 4) {
        SP();
        if (f->zone == ZONE_BATTLEFIELD || f->zone == ZONE_STACK) put(b, "%s", ctl[f->ctl]);
        else put(b, "%s", f->ctl == CTL_YOU ? "you own" : "opponent owns");
    }
    put(b, "]");
#undef SP
}

static void filter_text(Buf *b, const Filter *f, const SubtypeTable *st) { filter_noun(b, f, st, 1); }

static void target_text(Buf *b, const Ability *a, int k, const SubtypeTable *st)
{
    put(b, "target%d", k);
    if (k >= a->n_targets) { put(b, "[?]"); return; }
    const TargetSpec *t = &a->target[k];
    if (t->what == TGT_ANY) put(b, "[any target]");
    else if (t->what == TGT_PLAYER_OR_PW) put(b, "[player or planeswalker]");
    else if (t->what == TGT_PLAYER) put(b, t->f.ctl == CTL_OPP ? "[opponent]" : "[player]");
    else filter_text(b, &t->f, st);
    if (t->min != 1 || t->max != 1) {
        if (t->max == TARGET_ANY_NUMBER) put(b, "{%d..any}", t->min);
        else put(b, "{%d..%d}", t->min, t->max);
    }
    if (t->divided) put(b, t->divided == DIV_EVENLY ? "{evenly}" : "{divided}");
    if (t->distinct) put(b, "{another}");
}

static void who_text(Buf *b, const Ability *a, const Effect *e, const SubtypeTable *st)
{
    switch (e->who) {
    case SEL_NONE:              put(b, "-"); break;
    case SEL_TARGET:            target_text(b, a, e->arg, st); break;
    case SEL_SELF:              put(b, "self"); break;
    case SEL_ATTACHED:          put(b, "attached"); break;
    case SEL_YOU:               put(b, "you"); break;
    case SEL_OPPONENTS:         put(b, "each opponent"); break;
    case SEL_EACH_PLAYER:       put(b, "each player"); break;
    case SEL_ALL:               put(b, "all"); filter_text(b, &e->sel, st); break;
    case SEL_TARGET_CONTROLLER: put(b, "controller of target%d", e->arg); break;
    case SEL_TARGET_OWNER:      put(b, "owner of target%d", e->arg); break;
    case SEL_EVENT_OBJECT:      put(b, "that object"); break;
    case SEL_EVENT_PLAYER:      put(b, "that player"); break;
    case SEL_PREVIOUS:          put(b, "those"); break;
    case SEL_TARGET_PLAYER_ALL: put(b, "all"); filter_text(b, &e->sel, st); put(b, " of target%d", e->arg); break;
    case SEL_TARGET_PLAYER_OWNS: put(b, "all"); filter_text(b, &e->sel, st); put(b, " owned by target%d", e->arg); break;
    case SEL_LINKED: put(b, "the exiled card"); break;
    case SEL_OTHER_PLAYERS:     put(b, "each other player"); break;
    case SEL_ATTACHED_CONTROLLER: put(b, "attached's controller"); break;
    case SEL_EVENT_CONTROLLER:  put(b, "that object's controller"); break;
    default:                    put(b, "?"); break;
    }
}

static void qty_text(Buf *b, const Effect *e, const SubtypeTable *st)
{
    const Qty *q = &e->n;
    switch (q->kind) {
    case QTY_CONST: put(b, "%d", q->n); break;
    case QTY_X:     if (q->n == 1) put(b, "X"); else put(b, "%dX", q->n); break;
    case QTY_COUNT: if (q->n != 1) put(b, "%d*", q->n); put(b, "count"); filter_text(b, &e->count, st); break;
    case QTY_EVENT: if (q->n != 1) put(b, "%d*", q->n); put(b, "that much"); break;
    case QTY_TARGET_POWER: if (q->n != 1) put(b, "%d*", q->n); put(b, "power of target%d", e->arg); break;
    case QTY_TARGET_TOUGHNESS: if (q->n != 1) put(b, "%d*", q->n); put(b, "toughness of target%d", e->arg); break;
    case QTY_HAND_SIZE: if (q->n != 1) put(b, "%d*", q->n); put(b, "hand size"); break;
    case QTY_LIFE_LOST: if (q->n != 1) put(b, "%d*", q->n); put(b, "life lost"); break;
    case QTY_HALF_LIBRARY: if (q->n != 1) put(b, "%d*", q->n); put(b, "half library"); break;
    case QTY_EVENT_TOUGHNESS: if (q->n != 1) put(b, "%d*", q->n); put(b, "that object's toughness"); break;
    case QTY_COUNT_PLAYER: if (q->n != 1) put(b, "%d*", q->n); put(b, "count-theirs"); filter_text(b, &e->count, st); break;
    case QTY_LIFE_TOTAL: if (q->n != 1) put(b, "%d*", q->n); put(b, "life total"); break;
    case QTY_GREATEST_POWER: if (q->n != 1) put(b, "%d*", q->n); put(b, "greatest power"); filter_text(b, &e->count, st); break;
    case QTY_DAMAGE_DEALT: if (q->n != 1) put(b, "%d*", q->n); put(b, "damage dealt"); break;
    case QTY_PREV_MANA_VALUE: if (q->n != 1) put(b, "%d*", q->n); put(b, "its mana value"); break;
    case QTY_MOST_DISCARDED: if (q->n != 1) put(b, "%d*", q->n); put(b, "most discarded"); break;
    case QTY_SELF_COUNTERS:
        if (q->n != 1) put(b, "%d*", q->n);
        put(b, "%s counters on self", e->arg2 == COUNTER_LORE ? "lore" : e->arg2 == COUNTER_MINUS ? "-1/-1" : "+1/+1");
        break;
    case QTY_SACRIFICED_POWER: if (q->n != 1) put(b, "%d*", q->n); put(b, "sacrificed's power"); break;
    case QTY_EVENT_POWER: if (q->n != 1) put(b, "%d*", q->n); put(b, "that object's power"); break;
    case QTY_COUNT_SHARING: if (q->n != 1) put(b, "%d*", q->n); put(b, "count-sharing-a-type"); filter_text(b, &e->count, st); break;
    default: put(b, "?"); break;
    }
}

static const char *const rule_names[RULE_COUNT] = {
    [RULE_CANT_ATTACK] = "can't attack", [RULE_CANT_BLOCK] = "can't block",
    [RULE_CANT_ATTACK_OR_BLOCK] = "can't attack or block", [RULE_UNBLOCKABLE] = "can't be blocked",
    [RULE_BLOCK_ANY_NUMBER] = "block any number", [RULE_MUST_ATTACK] = "must attack", [RULE_MUST_ATTACK_YOU] = "must attack you",
    [RULE_LURE] = "lure", [RULE_FLASH] = "flash", [RULE_SHROUD] = "shroud", [RULE_HEXPROOF] = "hexproof",
    [RULE_FEAR] = "fear", [RULE_INTIMIDATE] = "intimidate", [RULE_LANDWALK] = "landwalk",
    [RULE_PROTECTION] = "protection", [RULE_UNCOUNTERABLE] = "can't be countered",
    [RULE_BLOCK_ONLY_FLYING] = "block only flying", [RULE_UNBLOCKABLE_EXCEPT] = "can't be blocked except by",
    [RULE_CANT_BE_BLOCKED_BY] = "can't be blocked by", [RULE_ATTACK_ONLY_IF] = "can't attack unless defender controls",
    [RULE_NO_ACTIVATE] = "no activated abilities", [RULE_OPENING_HAND] = "begin on battlefield",
    [RULE_NOT_ALONE] = "not alone", [RULE_CANT_CAST] = "can't cast", [RULE_NO_MAX_HAND] = "no maximum hand size",
    [RULE_HAND_REVEALED] = "hand revealed", [RULE_CANT_LOSE] = "can't lose", [RULE_CANT_WIN] = "can't win",
    [RULE_SHUFFLE_INSTEAD] = "shuffle into library instead of graveyard",
    [RULE_MAX_ONE_BLOCKER] = "max one blocker", [RULE_UNTARGETABLE_BY] = "can't be the target of",
    [RULE_BLOCK_EXTRA] = "block an additional creature", [RULE_KEEP_MANA] = "mana doesn't empty",
    [RULE_ONE_SPELL] = "one spell each turn", [RULE_LANDS_FROM_GRAVEYARD] = "lands from graveyard",
    [RULE_UNTAP_OTHERS_STEP] = "untaps in others' untap steps", [RULE_CANT_GAIN_LIFE] = "can't gain life",
    [RULE_NO_PREVENTION] = "damage can't be prevented", [RULE_CAST_AS_FLASH] = "cast spells as though flash",
    [RULE_EXTRA_LAND] = "additional land each turn", [RULE_TOP_REVEALED] = "top of library revealed",
    [RULE_CAST_FROM_TOP] = "cast from top of library",
    [RULE_TAP_ANY_COLOR] = "{T}: add one mana of any color",
    [RULE_ASSIGN_AS_UNBLOCKED] = "may assign combat damage as though unblocked",
};

static const char *const op_names[OP_COUNT] = {
    [OP_DAMAGE] = "damage", [OP_PUMP] = "pump", [OP_SET_PT] = "set-pt", [OP_GRANT] = "grant",
    [OP_LOSE_KW] = "lose", [OP_RULE] = "rule", [OP_DESTROY] = "destroy", [OP_EXILE] = "exile",
    [OP_BOUNCE] = "to-hand", [OP_TO_LIBRARY] = "to-library", [OP_REANIMATE] = "reanimate",
    [OP_COUNTER] = "counter", [OP_GAIN_LIFE] = "gain-life", [OP_LOSE_LIFE] = "lose-life",
    [OP_DRAW] = "draw", [OP_DISCARD] = "discard", [OP_MILL] = "mill", [OP_SEARCH] = "search",
    [OP_SHUFFLE] = "shuffle", [OP_REORDER_TOP] = "reorder-top", [OP_PREVENT_NEXT] = "prevent-next",
    [OP_PREVENT_COMBAT] = "prevent-combat", [OP_PREVENT_ALL] = "prevent-all",
    [OP_REGENERATE] = "regenerate", [OP_TOKEN] = "token", [OP_COUNTERS] = "counters", [OP_TAP] = "tap",
    [OP_UNTAP] = "untap", [OP_NO_UNTAP] = "no-untap", [OP_CONTROL] = "control",
    [OP_EXTRA_TURN] = "extra-turn", [OP_SACRIFICE] = "sacrifice", [OP_ADD_MANA] = "add",
    [OP_SCRY] = "scry", [OP_END_TURN] = "end-turn", [OP_BECOME] = "become", [OP_LOOK_HAND] = "look-hand",
    [OP_REVEAL_TOP] = "reveal-top", [OP_REVEAL_RANDOM] = "reveal-random", [OP_SHUFFLE_GRAVEYARD] = "shuffle-graveyard",
    [OP_GIVE_CONTROL] = "give-control", [OP_SKIP_COMBAT] = "skip-combat",
    [OP_DOUBLE_MANA] = "double-mana",
    [OP_SET_COLOR] = "set-color", [OP_DIG] = "dig", [OP_PILES] = "piles", [OP_EXILE_TOP] = "exile-top", [OP_DOUBLE_DAMAGE] = "double-damage", [OP_TOP_TO_HAND] = "top-to-hand", [OP_FLIP_COIN] = "flip-coin",
    [OP_PAY_MANA] = "pay", [OP_ADD_SUBTYPE] = "add-subtype", [OP_REDIRECT] = "redirect",
};

static void mana_text(Buf *b, unsigned bits)
{
    static const char sym[] = "WUBRG";
    if (!bits) { put(b, "{C}"); return; }
    if (bits == 31) { put(b, "{any color}"); return; }
    put(b, "{");
    int first = 1;
    for (int k = 0; k < 5; k++)
        if (bits & (1u << k)) { put(b, "%s%c", first ? "" : "/", sym[k]); first = 0; }
    put(b, "}");
}

static void cost_text(Buf *b, const Cost *c, const SubtypeTable *st);

static void effect_text(Buf *b, const Ability *a, const Effect *e, const SubtypeTable *st)
{
    put(b, "%s ", e->op < OP_COUNT && op_names[e->op] ? op_names[e->op] : "?");
    switch (e->op) {
    case OP_DAMAGE:
        qty_text(b, e, st); put(b, " to "); who_text(b, a, e, st);
        if (e->arg2 == DMG_BY_EVENT) put(b, " by that object");
        break;
    case OP_PUMP:
        put(b, "%+d/%+d", e->p, e->t);
        if (!(e->n.kind == QTY_CONST && e->n.n == 1)) { put(b, " x "); qty_text(b, e, st); }
        put(b, " ");
        who_text(b, a, e, st);
        break;
    case OP_SET_PT:
        if (e->n.kind == QTY_CONST) put(b, "%d/%d", e->p, e->t); else qty_text(b, e, st);
        put(b, " "); who_text(b, a, e, st); break;
    case OP_SET_COLOR: color_list(b, e->arg2, ""); put(b, " "); who_text(b, a, e, st); break;
    case OP_BOUNCE:
        if (e->who == SEL_YOU || e->who == SEL_EVENT_PLAYER || e->who == SEL_OPPONENTS || e->who == SEL_EACH_PLAYER) {
            put(b, "1"); filter_text(b, &e->sel, st); put(b, " by ");
        }
        who_text(b, a, e, st);
        break;
    case OP_DOUBLE_DAMAGE: put(b, "of"); filter_text(b, &e->sel, st); put(b, " "); who_text(b, a, e, st); break;
    case OP_REDIRECT:                                   /* "redirect damage to you to attached" */
        put(b, e->arg2 == REDIRECT_SELF_UNBLOCKED ? "combat damage of unblocked creatures to " : "damage to ");
        who_text(b, a, e, st);
        put(b, e->arg2 == REDIRECT_SELF_UNBLOCKED ? " to self" : " to attached");
        break;
    case OP_TAP:
        if (e->arg2 == 1) put(b, "or-untap ");
        who_text(b, a, e, st);
        break;
    case OP_PILES: qty_text(b, e, st); put(b, " "); who_text(b, a, e, st); break;
    case OP_TO_LIBRARY:
        if (e->flags & EF_CHOOSER) { qty_text(b, e, st); put(b, " from the hand of "); }
        who_text(b, a, e, st);
        break;
    case OP_EXILE_TOP:
        qty_text(b, e, st); put(b, " "); who_text(b, a, e, st);
        if (e->arg2) put(b, " again-while-a-name-repeats");
        break;
    case OP_SHUFFLE_GRAVEYARD:
        if (e->arg2) put(b, "and-hand ");
        who_text(b, a, e, st);
        break;
    case OP_DIG: qty_text(b, e, st); filter_text(b, &e->sel, st); put(b, " to hand, rest to bottom "); who_text(b, a, e, st); break;
    case OP_GRANT: case OP_LOSE_KW: kws(b, e->kw); put(b, " "); who_text(b, a, e, st); break;
    case OP_RULE:
        put(b, "%s", e->arg2 < RULE_COUNT && rule_names[e->arg2] ? rule_names[e->arg2] : "?");
        if (e->arg2 == RULE_PROTECTION || e->arg2 == RULE_LANDWALK || e->arg2 == RULE_UNBLOCKABLE_EXCEPT ||
            e->arg2 == RULE_CANT_BE_BLOCKED_BY || e->arg2 == RULE_ATTACK_ONLY_IF || e->arg2 == RULE_UNTARGETABLE_BY || e->arg2 == RULE_CAST_FROM_TOP ||
            (e->arg2 == RULE_CANT_CAST && e->param.types))
            filter_noun(b, &e->param, st, 0);
        put(b, " ");
        who_text(b, a, e, st);
        break;
    case OP_REANIMATE:
        if (e->who == SEL_YOU || e->who == SEL_OPPONENTS || e->who == SEL_EACH_PLAYER || e->who == SEL_OTHER_PLAYERS) {
            qty_text(b, e, st); filter_text(b, &e->sel, st); put(b, " by "); who_text(b, a, e, st);
            break;
        }
        who_text(b, a, e, st);
        put(b, e->arg2 ? " under owner" : " under you");
        break;
    case OP_COUNTER:
        who_text(b, a, e, st);
        if (e->flags & EF_UNLESS_PAY) { put(b, " unless-pays "); qty_text(b, e, st); }
        break;
    case OP_GAIN_LIFE: case OP_LOSE_LIFE: case OP_DRAW: case OP_MILL: case OP_SCRY:
    case OP_EXTRA_TURN: case OP_REORDER_TOP: case OP_PREVENT_NEXT:
        qty_text(b, e, st); put(b, " "); who_text(b, a, e, st);
        if (e->op == OP_PREVENT_NEXT && e->dur == DUR_STATIC && e->sel.ctl == CTL_OPP) put(b, " of each from opponents' sources");
        break;
    case OP_DISCARD:
        qty_text(b, e, st);
        if (e->n.kind == QTY_HAND_SIZE && e->arg2) put(b, " but %d kept", e->arg2);
        if (e->flags & EF_CHOOSER) filter_text(b, &e->sel, st);
        put(b, " ");
        who_text(b, a, e, st);
        break;
    case OP_SEARCH:
        if (!(e->n.kind == QTY_CONST && e->n.n == 1)) qty_text(b, e, st);
        filter_text(b, &e->sel, st);
        put(b, " to %s ", e->arg2 == ZONE_HAND ? "hand" : e->arg2 == ZONE_BATTLEFIELD ? "battlefield" : e->arg2 == ZONE_LIBRARY ? "library top after shuffling" : "?");
        who_text(b, a, e, st);
        break;
    case OP_SACRIFICE:
        if (e->who == SEL_SELF) {
            put(b, "self");
            if (e->flags & EF_UNLESS_DISCARD) { put(b, " unless-discard 1"); filter_text(b, &e->sel, st); }
            break;
        }
        qty_text(b, e, st); filter_text(b, &e->sel, st); put(b, " "); who_text(b, a, e, st); break;
    case OP_GIVE_CONTROL: who_text(b, a, e, st); put(b, " to target%d", e->arg2); break;
    case OP_BECOME: case OP_TOKEN: {
        const TokenDef *t = &e->token;
        if (e->op == OP_TOKEN) { qty_text(b, e, st); put(b, " x"); }
        put(b, "%s%d/%d ", e->op == OP_TOKEN ? " " : "", t->power, t->toughness);
        if (t->colors) color_list(b, t->colors, ""); else put(b, "colorless");
        put(b, " %s ", sub_name(st, t->subtype));
        type_list(b, t->types & ~TYPE_CREATURE, "", " ");
        put(b, "%screature", (t->types & ~TYPE_CREATURE) ? " " : "");
        if (t->kw) { put(b, " with "); kws(b, t->kw); }
        if (t->name) put(b, " named %s", sub_name(st, t->name));
        put(b, e->op == OP_TOKEN ? " for " : " ");
        who_text(b, a, e, st);
        break;
    }
    case OP_COUNTERS:
        qty_text(b, e, st);
        put(b, " %s on ", e->arg2 == COUNTER_LORE ? "lore" : e->arg2 == COUNTER_MINUS ? "-1/-1" : "+1/+1");
        who_text(b, a, e, st);
        break;
    case OP_ADD_MANA: qty_text(b, e, st); put(b, " "); mana_text(b, e->arg2); break;
    case OP_NO_UNTAP:
        who_text(b, a, e, st);
        if (e->arg2) put(b, e->arg2 == 1 ? " your" : " its-controller-now");
        break;
    case OP_EXILE: who_text(b, a, e, st); if (e->arg2 == EXILE_LINKED) put(b, " linked"); break;
    case OP_PAY_MANA: cost_text(b, &a->cost, st); put(b, " "); who_text(b, a, e, st); break;
    case OP_ADD_SUBTYPE: put(b, "%s ", sub_name(st, e->param.subtype[0])); who_text(b, a, e, st); break;
    case OP_PREVENT_ALL:
        if (e->who == SEL_NONE) { color_list(b, e->sel.colors, "from sources "); break; }   /* Luminesce */
        if (e->who == SEL_ATTACHED && (e->arg2 & PREVENT_NONCOMBAT)) put(b, "noncombat ");
        who_text(b, a, e, st);
        if (e->who == SEL_ATTACHED && (e->arg2 & PREVENT_DEALT_BY)) put(b, " and by it");
        break;
    default: who_text(b, a, e, st); break;
    }
    static const char *const durs[] = { "", " eot", " static", " forever", " next-untap", " while-you-control-source",
                                        " while-enchanted", " while-source-remains" };
    if (e->dur < 8) put(b, "%s", durs[e->dur]);
    static const char *const flags[] = { "no-regen", "may", "at-random", "bottom", "tapped", "",
                                         "you-choose", "if-done", "reveal", "no-prevent", "shuffle",
                                         "damaged-no-regen", "at-end-of-combat", "if-less-life", "if-fewer",
                                         "if-lost", "if-a-graveyard-has", "unless-a-graveyard-has", "",
                                         "if-not-done" };
    for (int k = 0; k < (int)(sizeof flags / sizeof *flags); k++)
        if ((e->flags & (1u << k)) && flags[k][0]) put(b, " %s", flags[k]);
    if (e->flags & EF_IF_FEWER) filter_text(b, &e->count, st);
    if (e->flags & (EF_IF_GRAVEYARD | EF_UNLESS_GRAVEYARD)) put(b, " %d", e->cond_n);
}

static void cost_text(Buf *b, const Cost *c, const SubtypeTable *st)
{
    static const char sym[] = "WUBRGC";
    int any = 0;
    for (int k = 0; k < c->x; k++) { put(b, "{X}"); any = 1; }
    if (c->generic) { put(b, "{%d}", c->generic); any = 1; }
    for (int k = 0; k < COLOR_COUNT; k++)
        for (int j = 0; j < c->color[k]; j++) { put(b, "{%c}", sym[k]); any = 1; }
    if (c->tap) { put(b, "%s{T}", any ? "," : ""); any = 1; }
    if (c->untap) { put(b, "%s{Q}", any ? "," : ""); any = 1; }
    if (c->sac_self) { put(b, "%ssac self", any ? "," : ""); any = 1; }
    if (c->exile_self) { put(b, "%sexile self", any ? "," : ""); any = 1; }
    if (c->exile_gy) { put(b, "%sexile %d from your graveyard", any ? "," : "", c->exile_gy); any = 1; }
    if (c->sac_n) { put(b, "%ssac %d", any ? "," : "", c->sac_n); filter_text(b, &c->sac, st); any = 1; }
    if (c->discard_n) { put(b, "%sdiscard %d", any ? "," : "", c->discard_n); filter_text(b, &c->discard, st); any = 1; }
    if (c->life) { put(b, "%spay %d life", any ? "," : "", c->life); any = 1; }
    if (c->remove_counters) { put(b, "%sremove %d +1/+1", any ? "," : "", c->remove_counters); any = 1; }
    if (c->x_colors) { put(b, "%sX only ", any ? "," : ""); color_list(b, c->x_colors, ""); any = 1; }
    if (c->per_target) { put(b, "%s{%d} per target beyond the first", any ? "," : "", c->per_target); any = 1; }
    if (!any) put(b, "0");
}

int ability_describe(const Ability *a, const SubtypeTable *st, char *out, size_t outlen)
{
    Buf b = { out, outlen, 0 };
    if (outlen) out[0] = 0;
    static const char *const trig[] = {
        [TR_ETB] = "etb", [TR_DIES] = "dies", [TR_ATTACKS] = "attacks", [TR_BLOCKS] = "blocks",
        [TR_BLOCKED] = "blocked", [TR_COMBAT_DAMAGE_PLAYER] = "combat-damage-player", [TR_UPKEEP] = "upkeep",
        [TR_END_STEP] = "end-step", [TR_CAST] = "cast", [TR_GAIN_LIFE] = "gain-life",
        [TR_OTHER_ETB] = "enters", [TR_OTHER_DIES] = "creature-dies", [TR_BECOMES_TARGET] = "becomes-target",
        [TR_DAMAGE_OPPONENT] = "damages-opponent", [TR_DRAW] = "draw", [TR_DISCARD] = "discard",
        [TR_BLOCKS_CREATURE] = "blocks-creature", [TR_BLOCKED_BY_CREATURE] = "blocked-by-creature",
        [TR_TAP_LAND] = "taps-land", [TR_DRAW_STEP] = "draw-step",
        [TR_ATTACHED_ATTACKS] = "attached-attacks", [TR_ATTACHED_BLOCKS] = "attached-blocks",
        [TR_ATTACHED_DIES] = "attached-dies", [TR_ATTACHED_DEALS_DAMAGE] = "attached-deals-damage",
        [TR_ATTACHED_COMBAT_DAMAGE_PLAYER] = "attached-combat-damage-player",
        [TR_ATTACHED_BECOMES_TARGET] = "attached-becomes-target", [TR_DAMAGED_CREATURE_DIES] = "damaged-creature-dies",
        [TR_BECOMES_TARGET_BY] = "becomes-target-by", [TR_OTHER_TAPPED] = "becomes-tapped",
        [TR_ATTACHED_TAPPED] = "attached-becomes-tapped", [TR_DEALT_DAMAGE] = "dealt-damage", [TR_OTHER_ATTACKS] = "other-attacks",
        [TR_PLAYER_NONCOMBAT_DAMAGE] = "dealt-noncombat-damage", [TR_LEAVES] = "leaves", [TR_OPP_DAMAGED_BY] = "opponent-dealt-damage-by",
    };
    static const char *const ctl[] = { "any", "you", "opponent", "not-you", "attached's controller" };
    switch (a->kind) {
    case AB_SPELL:
        put(&b, "spell");
        if (a->cost.sac_n || a->cost.discard_n || a->cost.life || a->cost.x_colors || a->cost.per_target) {
            put(&b, " +cost ");
            cost_text(&b, &a->cost, st);
        }
        break;
    case AB_ACTIVATED:
        put(&b, "activated%s%s ", a->zone == ZONE_GRAVEYARD ? " from graveyard" : "", a->granted == GRANT_ATTACHED ? " by attached" : "");
        cost_text(&b, &a->cost, st);
        break;
    case AB_MANA:      put(&b, "mana "); cost_text(&b, &a->cost, st); break;
    case AB_TRIGGERED:
        put(&b, "triggered%s %s", a->zone == ZONE_GRAVEYARD ? " from graveyard" : "",
            a->trigger < sizeof trig / sizeof *trig && trig[a->trigger] ? trig[a->trigger] : "?");
        if (a->trigger == TR_UPKEEP || a->trigger == TR_END_STEP || a->trigger == TR_CAST ||
            a->trigger == TR_DRAW || a->trigger == TR_DISCARD || a->trigger == TR_TAP_LAND ||
            a->trigger == TR_DRAW_STEP || a->trigger == TR_BECOMES_TARGET_BY || a->trigger == TR_PLAYER_NONCOMBAT_DAMAGE)
            put(&b, "(%s)", a->trig_ctl < 5 ? ctl[a->trig_ctl] : "?");
        if (a->cond == COND_SELF_UNTAPPED) put(&b, " if self untapped");
        if (a->cond == COND_NO_CREATURES) put(&b, " if no creatures");
        if (a->cond == COND_ATTACHED_POWER_AT_LEAST) put(&b, " if attached's power>=%d", a->cond_n);
        if (a->cond == COND_EVENT_HAND_AT_MOST) put(&b, " if that player's hand<=%d", a->cond_n);
        if (a->trigger == TR_CAST || a->trigger == TR_OTHER_ETB || a->trigger == TR_OTHER_DIES ||
            a->trigger == TR_OTHER_TAPPED || a->trigger == TR_OTHER_ATTACKS || a->trigger == TR_OPP_DAMAGED_BY)
            filter_text(&b, &a->trig_filter, st);
        break;
    case AB_STATIC:
        put(&b, "static");
        if (a->cond == COND_YOU_CONTROL) { put(&b, " if you control "); filter_text(&b, &a->trig_filter, st); }
        if (a->cond == COND_LIFE_AT_LEAST) put(&b, " if life>=%d", a->cond_n);
        if (a->cond == COND_SELF_ENCHANTED) put(&b, " if self enchanted");
        if (a->cond == COND_NO_OPP_DAMAGED) put(&b, " if no opponent damaged");
        if (a->cond == COND_YOUR_TURN) put(&b, " during your turn");
        if (a->cond == COND_FEWER_THAN) { put(&b, " if fewer than %d ", a->cond_n); filter_text(&b, &a->trig_filter, st); }
        if (a->cond == COND_SELF_COUNTERS_AT_LEAST) put(&b, " if self +1/+1 counters>=%d", a->cond_n);
        if (a->cond == COND_TOP_CARD_COLOR) color_list(&b, a->trig_filter.colors, " if top of library ");
        break;
    case AB_LOYALTY:   if (a->cost.x) put(&b, "loyalty -X"); else put(&b, "loyalty %+d", a->cost.loyalty); break;
    case AB_ENCHANT:   put(&b, "enchant "); filter_text(&b, &a->trig_filter, st); break;
    case AB_EQUIP:     put(&b, "equip "); cost_text(&b, &a->cost, st); break;
    case AB_CHOOSE_TYPE: put(&b, "as-enters choose a creature type"); break;
    case AB_CHOOSE_COLOR: put(&b, "as-enters choose a color"); break;
    case AB_ETB_TAPPED:
        put(&b, "etb-tapped");
        if (a->trig_filter.subtype[0]) { put(&b, " unless "); filter_text(&b, &a->trig_filter, st); }
        break;
    case AB_ETB_COUNTERS:
        put(&b, "etb-counters");
        if (a->cond == COND_OPP_DAMAGED) put(&b, " if opponent damaged");
        break;
    default: put(&b, "?"); break;
    }
    if (a->timing & TM_SORCERY) put(&b, " sorcery-speed");
    if (a->timing & TM_ONCE) put(&b, " once-per-turn");
    if (a->timing & TM_UPKEEP) put(&b, " upkeep-only");
    if (a->timing & TM_TWICE) put(&b, " twice-per-turn");
    if (a->timing & TM_YOUR_TURN) put(&b, " your-turn-only");
    if (a->timing & TM_ATTACKING) put(&b, " attacking-only");
    for (int k = 0; k < a->n_effects && k < EFFECT_MAX; k++) {
        put(&b, k ? "; " : ": ");
        effect_text(&b, a, &a->effect[k], st);
    }
    return (int)b.n;
}
