// Take and Pass, beside the narration just above the hand. Take names whose hand it takes;
// Pass shows at the person's own chance to take (rule 7, view.take_offer) and lets the
// table go on (the kernel takes its advance as the pass).

import type { Context } from "./context";
import { h, setText } from "./dom";
import type { Labelled } from "./labels";
import { nameOf } from "./render";
import type { View } from "./types";

export interface TakePanel {
  take: HTMLButtonElement;
  pass: HTMLButtonElement;
  labelled: Labelled[];
  /** Take's words, whether it may be pressed and whether it is hinted; Pass shown or not. */
  update(v: View | null): void;
  /** A lesson has no Take button. */
  showFor(v: View): void;
  /** Takes or passes; false when `btn` is neither. */
  click(btn: HTMLButtonElement): boolean;
}

export function takePanel(ctx: Context): TakePanel {
  const take = h("button.bh-btn.bh-take", { type: "button", "data-testid": "take", disabled: true });
  const pass = h("button.bh-btn.bh-pass", { type: "button", "data-testid": "pass-take", hidden: true });
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
    pass.hidden = pass.disabled = !v?.take_offer;
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
    labelled,
    update,
    showFor(v: View): void {
      take.hidden = v.mode === "lesson";
    },
    click(btn: HTMLButtonElement): boolean {
      const v = ctx.view();
      switch (btn.dataset.testid) {
        case "take":
          if (v?.can_take) ctx.sendVersioned({ type: "take", version: v.version });
          return true;
        case "pass-take":
          if (v?.take_offer) ctx.sendVersioned({ type: "advance", version: v.version });
          return true;
      }
      return false;
    },
  };
}
