// The narration line and the error line, beside the actions just above the hand: the
// kernel writes both (view.narration, the error trait).

import "./messages.css";
import type { Context } from "./context";
import { h, setText } from "./dom";
import type { View } from "./types";

export interface MessagesPanel {
  /** The two lines (div.bh-messages). */
  box: HTMLElement;
  /** The view's narration, or that the kernel has no table yet. */
  update(v: View | null): void;
  showError(): void;
}

export function messagesPanel(ctx: Context): MessagesPanel {
  const status = h("div.bh-status", { role: "status", "aria-live": "polite", "data-testid": "narration" });
  const error = h("div.bh-error.is-empty", { role: "alert", "data-testid": "error" });
  return {
    box: h("div.bh-messages", {}, status, error),
    update(v: View | null): void {
      // The kernel writes the narration: shown as it is (setText keeps an unchanged line quiet).
      if (!v) setText(status, ctx.t("waiting_kernel"));
      else setText(status, typeof v.narration === "string" ? v.narration : "");
    },
    showError(): void {
      const msg = ctx.model.get("error") ?? "";
      setText(error, msg);
      error.classList.toggle("is-empty", !msg);
    },
  };
}
