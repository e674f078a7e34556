// Practice: the panel of a table over puzzles (bhabho_widget.table.practice), drawn from the
// practice trait. Before an answer it says what is asked (the felt has the seat's table, the
// hand's raised cards are the answers, Take and Pass for a take question); after one, the
// verdict, the themes, the coach's reason in the hint's words, the proof's table (each move's
// chance of ending as the bhabhi and its difference from the answer, with their 95 %
// intervals), the rating's move, Show me and Next puzzle; always the mode and theme to serve
// from, and the learner's progress (rating over the last puzzles as a line, solved by theme,
// the lessons, the best streak). The answer itself is never in the trait before the learner
// answers: the kernel keeps it.

import "./practice.css";
import type { Context } from "./context";
import { focusedWithin, h, setText, svg } from "./dom";
import { type Labelled, percent, type Translate } from "./labels";
import type { PracticeState, PracticeVerdict } from "./protocol";

export interface PracticePanel {
  panel: HTMLElement;
  labelled: Labelled[];
  update(): void;
  click(btn: HTMLButtonElement): boolean;
  change(e: Event): void;
}

/** The practice trait, or null at every other table. */
export function practiceOf(value: unknown): PracticeState | null {
  const p = value as PracticeState | null;
  return p && typeof p === "object" && typeof p.asking === "boolean" ? p : null;
}

function points(x: number): string {
  return String(Math.round(x * 100));
}

/** The verdict: right or not, the move, the themes, the coach's reason, the proof's table and
 * the rating's move. */
export function renderVerdict(v: PracticeVerdict, p: PracticeState, t: Translate): HTMLElement {
  const rows = v.rows.map((r) =>
    h(
      `tr.bh-practice-row${r.answer ? ".is-answer" : ""}${r.given ? ".is-given" : ""}`,
      { "data-testid": "practice-row", "data-action": r.action },
      h(
        "th",
        { scope: "row" },
        r.label,
        r.answer ? h("span.bh-practice-tag", {}, ` (${t("practice_is_answer")})`) : null,
        r.given && !r.answer ? h("span.bh-practice-tag", {}, ` (${t("practice_is_yours")})`) : null,
      ),
      h("td", {}, t("practice_cell_chance", { p: percent(t, r.p), lo: percent(t, r.lo), hi: percent(t, r.hi) })),
      h("td", {}, r.answer ? "" : t("practice_cell_diff", { d: points(r.diff), lo: points(r.diff_lo), hi: points(r.diff_hi) })),
    ),
  );
  const delta = v.rating_before !== null && v.rating_after !== null ? v.rating_after - v.rating_before : null;
  return h(
    "div.bh-practice-verdict",
    { "data-testid": "practice-verdict", "data-solved": String(v.solved) },
    h(
      "p.bh-practice-said",
      { role: "status", "data-testid": "practice-said" },
      h("strong", {}, v.solved ? (v.done ? t("practice_right") : t("practice_right_on")) : t("practice_wrong")),
      " ",
      v.solved && !v.done ? "" : t("practice_answer", { right: v.right_label, given: v.given_label }),
    ),
    p.themes.length
      ? h("p.bh-practice-themes", { "data-testid": "practice-themes" }, t("practice_themes", { list: p.themes.map((x) => x.title).join(" · ") }))
      : null,
    v.reason ? h("p.bh-practice-reason", { "data-testid": "practice-reason" }, h("strong", {}, `${t("practice_reason")}: `), v.reason) : null,
    h(
      "table.bh-practice-proof",
      { "data-testid": "practice-proof" },
      h("caption", {}, t("practice_proof", { deals: v.deals, rollouts: v.rollouts, margin: points(v.margin) })),
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, t("practice_col_move")), h("th", { scope: "col" }, t("practice_col_chance")), h("th", { scope: "col" }, t("practice_col_diff"))),
      ),
      h("tbody", {}, ...rows),
    ),
    delta !== null
      ? h(
          "p.bh-practice-change",
          { "data-testid": "practice-change" },
          t("practice_rating_change", { before: v.rating_before ?? "", after: v.rating_after ?? "", delta: delta >= 0 ? `+${delta}` : String(delta) }),
        )
      : null,
  );
}

/** The rating over the last puzzles, as a line of points (the widget's own SVG). */
export function renderHistory(history: readonly number[], t: Translate): HTMLElement {
  if (history.length < 2) return h("p.bh-practice-note", {}, t("practice_none_yet"));
  const w = 240;
  const hgt = 60;
  const lo = Math.min(...history) - 10;
  const hi = Math.max(...history) + 10;
  const x = (k: number) => 4 + (k * (w - 8)) / (history.length - 1);
  const y = (r: number) => hgt - 4 - ((r - lo) * (hgt - 8)) / (hi - lo);
  const line = history.map((r, k) => `${x(k).toFixed(1)},${y(r).toFixed(1)}`).join(" ");
  const label = t("practice_history_aria", { n: history.length, first: history[0], last: history[history.length - 1] });
  return h(
    "figure.bh-practice-history",
    { "data-testid": "practice-history" },
    svg(
      "svg",
      { viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": label, class: "bh-practice-spark" },
      svg("polyline", { points: line, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    ),
    h("figcaption", {}, t("practice_history")),
  );
}

function renderProgress(p: PracticeState, t: Translate): HTMLElement {
  const acc = p.accuracy.map((a) => h("li", {}, t("practice_accuracy_row", { title: a.title, solved: a.solved, tried: a.tried })));
  const lessons = p.lessons.map((l) => h("li", {}, t("practice_lesson_row", { lesson: l.lesson, right: l.right, answered: l.answered })));
  return h(
    "details.bh-practice-progress",
    { "data-testid": "practice-progress" },
    h("summary", {}, t("practice_progress")),
    renderHistory(p.history, t),
    h("p", {}, t("practice_best_streak", { n: p.best_streak })),
    p.mistakes ? h("p", {}, t("practice_mistakes_left", { n: p.mistakes })) : null,
    h("h5", {}, t("practice_accuracy")),
    acc.length ? h("ul.bh-practice-list", {}, ...acc) : h("p.bh-practice-note", {}, t("practice_none_yet")),
    h("h5", {}, t("practice_lessons")),
    lessons.length ? h("ul.bh-practice-list", {}, ...lessons) : h("p.bh-practice-note", {}, t("practice_none_yet")),
  );
}

export function practicePanel(ctx: Context): PracticePanel {
  const labelled: Labelled[] = [];
  const title = h("h4.bh-practice-title", {});
  labelled.push({ el: title, key: "practice_title" });
  const rating = h("span.bh-practice-rating", { "data-testid": "practice-rating" });
  const streak = h("span.bh-practice-streak", { "data-testid": "practice-streak" });
  const ask = h("p.bh-practice-ask", { "data-testid": "practice-ask" });
  const verdict = h("div.bh-practice-verdict-slot");
  const mode = h("select.bh-select", { "data-testid": "practice-mode" });
  const theme = h("select.bh-select", { "data-testid": "practice-theme" });
  const modeLabel = h("label.bh-field", {}, h("span", {}), mode);
  const themeLabel = h("label.bh-field", {}, h("span", {}), theme);
  labelled.push({ el: modeLabel.firstChild as HTMLElement, key: "practice_mode" }, { el: themeLabel.firstChild as HTMLElement, key: "practice_theme" });
  const next = h("button.bh-btn.bh-practice-next", { type: "button", "data-testid": "practice-next" });
  const showMe = h("button.bh-btn", { type: "button", "data-testid": "practice-show-me" });
  labelled.push({ el: next, key: "practice_next" }, { el: showMe, key: "show_me" });
  const progress = h("div.bh-practice-progress-slot");
  const panel = h(
    "section.bh-practice",
    { "data-testid": "practice", hidden: true },
    h("div.bh-practice-head", {}, title, rating, streak),
    ask,
    verdict,
    h("div.bh-practice-actions", {}, showMe, next, modeLabel, themeLabel),
    progress,
  );
  labelled.push({ el: panel, key: "practice_group", attr: "aria-label" });

  function fillSelects(p: PracticeState): void {
    const t = ctx.t;
    const words = {
      rated: t("practice_mode_rated"),
      streak: t("practice_mode_streak"),
      mistakes: t("practice_mode_mistakes"),
      set: t("practice_mode_set"),
    };
    const modes = p.modes.map((m) => h("option", { value: m, selected: m === p.mode }, words[m]));
    mode.replaceChildren(...modes);
    const themes = [h("option", { value: "", selected: p.theme === null }, t("practice_theme_any"))];
    for (const th of p.all_themes) themes.push(h("option", { value: th.key, selected: th.key === p.theme }, th.title));
    theme.replaceChildren(...themes);
  }

  function sendNext(): void {
    ctx.send({ type: "practice_next", theme: (theme.value || null) as never, mode: (mode.value || "rated") as never });
  }

  return {
    panel,
    labelled,
    update(): void {
      const p = practiceOf(ctx.model.get("practice"));
      panel.hidden = !p;
      if (!p) return;
      const t = ctx.t;
      const had = focusedWithin(panel)?.dataset.testid;
      const own = p.puzzle_rating !== null && p.verdict ? ` · ${t("practice_puzzle_rating", { r: p.puzzle_rating })}` : "";
      setText(rating, ` ${t("practice_rating", { r: p.rating })}${own}`);
      rating.title = t("practice_rating_title", { rd: p.rd });
      setText(streak, p.mode === "streak" ? ` · ${t("practice_streak", { n: p.streak })}` : "");
      setText(ask, p.asking ? t(p.question === "take" ? "practice_ask_take" : "practice_ask_card") : "");
      ask.hidden = !p.asking;
      verdict.replaceChildren(...(p.verdict ? [renderVerdict(p.verdict, p, t)] : []));
      // a practice trait comes with the capabilities trait: a kernel without one offers neither
      showMe.hidden = !(p.verdict?.done && ctx.takes("show_me", false));
      next.hidden = !ctx.takes("practice_next", false);
      fillSelects(p);
      const open = progress.querySelector("details")?.open ?? false;
      progress.replaceChildren(renderProgress(p, t));
      const det = progress.querySelector("details");
      if (det) det.open = open;
      if (had) panel.querySelector<HTMLElement>(`[data-testid="${had}"]`)?.focus();
    },
    click(btn: HTMLButtonElement): boolean {
      if (btn === next) {
        if (ctx.takes("practice_next", false)) sendNext();
        return true;
      }
      if (btn === showMe) {
        const v = ctx.view();
        const p = practiceOf(ctx.model.get("practice"));
        const line = p?.verdict && !p.verdict.solved ? "worse" : "better"; // the move you chose, when it was not the answer
        if (v && ctx.takes("show_me", false)) ctx.sendVersioned({ type: "show_me", source: "puzzle", line, decision: null, version: v.version });
        return true;
      }
      return false;
    },
    change(e: Event): void {
      if ((e.target === mode || e.target === theme) && ctx.takes("practice_next", false)) sendNext();
    },
  };
}
