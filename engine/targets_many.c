/* targets_many.c: several targets of one spec and the division of damage
 * among them, chosen one by one (601.2c-d; targets_many.h). */
#include <string.h>
#include "targets_many.h"
#include "effect.h"

int many_amount(const Ability *a, int x)
{
    if (!a->target[0].divided) return 0;
    for (int k = 0; k < a->n_effects; k++) {
        const Effect *e = &a->effect[k];
        if (e->op == OP_DAMAGE && e->who == SEL_TARGET && e->arg == 0)
            return e->n.kind == QTY_X ? e->n.n * x : e->n.n;
    }
    return 0;
}

int many_candidates(const GameState *s, const StackItem *it, const Ability *a, Target *out)
{
    const TargetSpec *sp = &a->target[0];
    int m = 0;
    if (sp->what == TGT_PLAYER || sp->what == TGT_ANY || sp->what == TGT_PLAYER_OR_PW)
        for (int p = 0; p < 2; p++) {
            Target t = { TK_PLAYER, (uint8_t)p, 0, 0, 0 };
            if (target_legal(s, it, a, 0, t)) out[m++] = t;
        }
    if (sp->what != TGT_PLAYER)
        for (PermIter pi = permset_iter(s->perm_used); permiter_more(&pi);) {
            int i = permiter_next(&pi);
            Target t = { TK_PERM, (uint8_t)i, 0, 0, s->px[i].ts };
            if (target_legal(s, it, a, 0, t)) out[m++] = t;
        }
    return m;
}

int many_count_ok(const Ability *a, int n, int m, int amount)
{
    const TargetSpec *sp = &a->target[0];
    if (n > m || n > ITEM_TARGETS || n < sp->min || (sp->max != TARGET_ANY_NUMBER && n > sp->max)) return 0;
    /* 601.2d: each target of divided damage gets at least 1, and all of it
     * is divided (none, then, with nothing to divide: X = 0). */
    if (sp->divided == DIV_CHOSEN && amount >= 0) return amount > 0 ? n >= 1 && n <= amount : n == 0;
    return 1;
}

/* Asks the item's controller a choice among n options; 0 without a
 * policy that chooses, with one option, or for an answer out of range. */
static int ask(const GameState *s, const Game *g, const StackItem *it, Choice *ch)
{
    const Policy *pol = g->policy[it->controller];
    if (ch->n < 2 || !pol || !pol->choose) return 0;
    ch->card = it->card;
    int k = pol->choose(pol, s, g, it->controller, g->policy_rng[it->controller], ch);
    return k < 0 || k >= ch->n ? 0 : k;
}

/* The candidates cand[0 .. m-1] as the options of a choice: one target each. */
static void as_options(Action *opt, const Target *cand, int m)
{
    for (int c = 0; c < m; c++) {
        memset(&opt[c], 0, sizeof opt[c]);
        opt[c].n_targets = 1;
        opt[c].tk[0] = cand[c].kind;
        opt[c].tv[0] = cand[c].v;
    }
}

int many_choose(GameState *s, const Game *g, StackItem *it, const Ability *a, int n)
{
    Target cand[PERM_MAX + 2], t[ITEM_TARGETS];
    int m = many_candidates(s, it, a, cand);
    if (n > m || n > ITEM_TARGETS) return 0;
    Action opt[PERM_MAX + 2];
    int amount = many_amount(a, it->x);
    for (int j = 0; j < n; j++) {                              /* 601.2c: one at a time, each once */
        as_options(opt, cand, m);
        Choice ch;
        memset(&ch, 0, sizeof ch);
        ch.kind = CH_TARGET_NEXT;
        ch.n = m;
        ch.opt = opt;
        ch.chosen = t;
        ch.step = (uint8_t)j;
        ch.total = (uint8_t)n;
        ch.amount = (int16_t)amount;
        int k = ask(s, g, it, &ch);
        t[j] = cand[k];
        memmove(&cand[k], &cand[k + 1], (size_t)(--m - k) * sizeof *cand);
    }
    if (a->target[0].divided == DIV_CHOSEN && n) {             /* 601.2d */
        int left = amount;
        for (int j = 0; j < n - 1; j++) {
            Choice ch;
            memset(&ch, 0, sizeof ch);
            ch.kind = CH_DIVIDE;
            ch.n = left - (n - 1 - j);                         /* the others get at least 1 each */
            ch.chosen = t;
            ch.step = (uint8_t)j;
            ch.total = (uint8_t)n;
            ch.amount = (int16_t)left;
            int share = 1 + ask(s, g, it, &ch);
            t[j].amount = (uint8_t)share;
            left -= share;
        }
        t[n - 1].amount = (uint8_t)left;
    }
    it->n_targets = (uint8_t)n;
    memcpy(it->t, t, (size_t)n * sizeof *t);
    return 1;
}

int many_trigger(GameState *s, const Game *g, StackItem *it, const Ability *a)
{
    Target cand[PERM_MAX + 2];
    int m = many_candidates(s, it, a, cand), amount = many_amount(a, it->x);
    int lo = -1, hi = -1;
    for (int n = 0; n <= m && n <= ITEM_TARGETS; n++)
        if (many_count_ok(a, n, m, amount)) { if (lo < 0) lo = n; hi = n; }
    if (lo < 0) return 0;                                      /* 603.3d */
    Action opt[PERM_MAX + 2];
    as_options(opt, cand, m);
    Choice ch;
    memset(&ch, 0, sizeof ch);
    ch.kind = CH_TARGET_COUNT;
    ch.n = hi - lo + 1;                                        /* the legal counts are one range */
    ch.base = (uint8_t)lo;
    ch.amount = (int16_t)amount;
    ch.opt = opt;
    ch.total = (uint8_t)m;
    return many_choose(s, g, it, a, lo + ask(s, g, it, &ch));
}

const char *many_check(const GameState *s, const StackItem *it, const Ability *a)
{
    (void)s;
    const TargetSpec *sp = &a->target[0];
    int n = it->n_targets, sum = 0;
    if (n < sp->min || (sp->max != TARGET_ANY_NUMBER && n > sp->max)) return "a count of targets its spec forbids";
    for (int j = 0; j < n; j++) {
        const Target *t = &it->t[j];
        if (t->kind != TK_PERM && t->kind != TK_PLAYER) return "a target of several that is neither permanent nor player";
        for (int i = 0; i < j; i++)
            if (it->t[i].kind == t->kind && it->t[i].v == t->v && it->t[i].ts == t->ts) return "a target chosen twice";
        if (sp->divided == DIV_CHOSEN ? t->amount < 1 : t->amount != 0) return "a share of the damage out of range";
        sum += t->amount;
    }
    if (sp->divided == DIV_CHOSEN && sum != many_amount(a, it->x)) return "shares that do not add up to the damage";
    return NULL;
}
