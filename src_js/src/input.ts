// Keyboard for the hand: a roving tabindex over the playable cards. Tab reaches the hand
// once; Left/Right (and Home/End) move among its playable cards; Enter/Space plays.
// Disabled buttons cannot take focus, so only playable cards are stops; the hand's
// aria-label lists every card for screen readers.

function playable(hand: HTMLElement): HTMLButtonElement[] {
  return Array.from(hand.querySelectorAll<HTMLButtonElement>("button[data-card]:not([disabled])"));
}

/** Makes `btn` the hand's single tab stop. */
export function setRovingStop(hand: HTMLElement, btn: HTMLButtonElement | null): void {
  for (const b of hand.querySelectorAll<HTMLButtonElement>("button[data-card]")) {
    b.tabIndex = b === btn ? 0 : -1;
  }
}

/** Moves focus inside the hand. Returns true when the key was handled. */
export function handleHandKey(
  event: KeyboardEvent,
  hand: HTMLElement,
  play: (code: string) => void,
): boolean {
  const target = event.target as HTMLElement | null;
  const current = target?.closest<HTMLButtonElement>("button[data-card]");
  if (!current || !hand.contains(current)) return false;
  const buttons = playable(hand);
  const i = buttons.indexOf(current);
  let next: HTMLButtonElement | undefined;
  switch (event.key) {
    case "ArrowRight":
    case "ArrowDown":
      next = buttons[(i + 1) % buttons.length];
      break;
    case "ArrowLeft":
    case "ArrowUp":
      next = buttons[(i - 1 + buttons.length) % buttons.length];
      break;
    case "Home":
      next = buttons[0];
      break;
    case "End":
      next = buttons[buttons.length - 1];
      break;
    case "Enter":
    case " ":
    case "Spacebar":
      event.preventDefault(); // we play here; keep the browser from clicking as well
      if (!current.disabled) play(current.dataset.card ?? "");
      return true;
    default:
      return false;
  }
  event.preventDefault();
  if (next) {
    setRovingStop(hand, next);
    next.focus();
  }
  return true;
}

/** After the hand was redrawn: restore focus to the same card, or the nearest playable one. */
export function restoreHandFocus(hand: HTMLElement, code: string | null, oldIndex: number): void {
  const buttons = playable(hand);
  if (!buttons.length) {
    hand.focus();
    return;
  }
  let target = buttons.find((b) => b.dataset.card === code);
  if (!target) {
    const all = Array.from(hand.querySelectorAll<HTMLButtonElement>("button[data-card]"));
    target =
      all.slice(Math.max(0, oldIndex)).find((b) => !b.disabled) ??
      buttons[buttons.length - 1];
  }
  setRovingStop(hand, target);
  target.focus();
}
