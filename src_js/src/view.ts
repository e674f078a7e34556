// What the view says, read the same way by every panel: a seat's name, and whether the
// person's cards may be played now.

import { ENGLISH, type Translate } from "./labels";
import type { View } from "./types";

export function nameOf(view: View, seat: number | null | undefined, t: Translate = ENGLISH): string {
  if (seat === null || seat === undefined) return "";
  return view.names?.[seat] ?? t("seat_name", { n: seat });
}

/** The person's cards may be played now: the kernel waits for the person and lists them. */
export function canPlay(view: View): boolean {
  return view.mode !== "lesson" && view.waiting === "human";
}
