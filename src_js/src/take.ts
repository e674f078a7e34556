// Take and Pass, beside the narration just above the hand. Take names whose hand it takes;
// Pass shows at the person's own chance to take (rule 7, view.take_offer) and lets the
// table go on (the kernel takes its advance as the pass). While Take may be pressed, one
// line under them says what a take does (rule 7, the kernel's own sentence at the offer),
// and both buttons are described by it; at the offer, where the line under the table says
// it already, it is there for screen readers only. Take is shown while the widget takes
// "take", Pass while it takes "advance" (a kernel without capabilities: no Take in a lesson).

import "./take.css";
import type { Context } from "./context";
import { h, setText } from "./dom";
import { cardsCount, type Labelled, type Translate } from "./labels";
import type { View } from "./types";
import { nameOf } from "./view";

/** What a take would do now, in one line: "A take adds Bot 1's 4 cards to your 6, and Bot 1
 * escapes (rule 7)."; empty when the view offers no take. */
export function takeEffect(v: View | null, t: Translate): string {
  const target = v?.take_target;
  if (!v || !v.can_take || target === null || target === undefined) return "";
  const n = v.hand_sizes?.[target] ?? 0;
  const m = v.hand_sizes?.[v.seat] ?? 0;
  return t("take_effect", { target: nameOf(v, target, t), cards: cardsCount(t, n), m });
}

export interface TakePanel {
  take: HTMLButtonElement;
  pass: HTMLButtonElement;
  /** The line that says what a take does (hidden while no take is offered). */
  effect: HTMLElement;
  labelled: Labelled[];
  /** Take's words, whether it may be pressed and whether it is hinted; Pass shown or not. */
  update(v: View | null): void;
  /** Take shown while the widget takes it (a kernel without capabilities: not in a lesson). */
  showFor(v: View): void;
  /** Takes or passes; false when `btn` is neither. */
  click(btn: HTMLButtonElement): boolean;
}

export function takePanel(ctx: Context): TakePanel {
  const take = h("button.bh-btn.bh-take", { type: "button", "data-testid": "take", disabled: true });
  const pass = h("button.bh-btn.bh-pass", { type: "button", "data-testid": "pass-take", hidden: true });
  const effectId = `${ctx.uid}-take-effect`;
  const effect = h("p.bh-take-effect", { id: effectId, "data-testid": "take-effect", hidden: true });
  const labelled: Labelled[] = [
    { el: pass, key: "pass_take" },
    { el: pass, key: "pass_take_aria", attr: "aria-label" },
  ];

  function update(v: View | null): void {
    const t = ctx.t;
    const target = v?.take_target;
    const label = !v || target === null || target === undefined ? t("take") : t("take_from", { name: nameOf(v, target, t) });
    setText(take, label);
    take.disabled = !v?.can_take;
    pass.hidden = pass.disabled = !v?.take_offer || !ctx.takes("advance");
    const said = takeEffect(v, t);
    setText(effect, said);
    effect.hidden = !said || !ctx.takes("take", v?.mode !== "lesson");
    // at the person's own chance to take the line under the table already says it: the
    // line then only describes the buttons, for screen readers, and is not shown twice
    effect.classList.toggle("bh-sr-only", Boolean(v?.take_offer));
    for (const btn of [take, pass]) {
      if (said && !(btn.hidden || btn.disabled)) btn.setAttribute("aria-describedby", effectId);
      else btn.removeAttribute("aria-describedby");
    }
    pass.dataset.version = v?.take_offer ? String(v.version) : "";
    const hinted = ctx.hintAction() === "take";
    take.classList.toggle("is-hint", hinted);
    // a reviewed chance to take whose better action was the take: the button outlined
    take.classList.toggle("is-review-best", v?.mode === "review" && v.review?.best === "take");
    if (hinted) take.title = t("hint_take_title");
    else take.removeAttribute("title");
  }

  return {
    take,
    pass,
    effect,
    labelled,
    update,
    showFor(v: View): void {
      take.hidden = !ctx.takes("take", v.mode !== "lesson");
    },
    click(btn: HTMLButtonElement): boolean {
      const v = ctx.view();
      switch (btn.dataset.testid) {
        case "take":
          if (v?.can_take && ctx.takes("take", v.mode !== "lesson")) ctx.sendVersioned({ type: "take", version: v.version });
          return true;
        case "pass-take":
          if (v?.take_offer && ctx.takes("advance")) ctx.sendVersioned({ type: "advance", version: v.version });
          return true;
      }
      return false;
    },
  };
}
