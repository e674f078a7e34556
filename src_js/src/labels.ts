// Every text of the front end is looked up by its key in the `labels` trait, with the
// English text of protocol.json (LABELS) as the fallback, so the kernel can translate the UI.

import { LABELS, PLURAL_CATEGORIES, type LabelKey, type PluralLabel } from "./protocol";

export type { LabelKey };
export type LabelVars = Record<string, string | number>;

/** Looks a text up by key and fills its {placeholders}; `lang` is the texts' language. */
export interface Translate {
  (key: LabelKey, vars?: LabelVars): string;
  readonly lang: string;
}

const own = Object.prototype.hasOwnProperty;

// A BCP 47 language tag as the kernel sends it ("en", "hi", "pt-BR"); anything else is English.
const LANG_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function translator(labels: unknown, lang: unknown = "en"): Translate {
  const given = labels && typeof labels === "object" ? (labels as Record<string, unknown>) : {};
  const code = typeof lang === "string" && lang.length <= 16 && LANG_TAG.test(lang) ? lang : "en";
  const t = (key: LabelKey, vars?: LabelVars): string => {
    const raw = own.call(given, key) ? given[key] : undefined;
    const text: string = typeof raw === "string" ? raw : LABELS[key];
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (own.call(vars, name) ? String(vars[name]) : whole));
  };
  return Object.assign(t, { lang: code });
}

type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `n` in `lang`, from the browser's Intl.PluralRules (the same
 * rules the kernel's catalogs fill the counted labels by). */
export function pluralCategory(lang: string, n: number): PluralCategory {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules("en");
    }
    pluralRules.set(lang, rules);
  }
  const category = rules.select(n);
  return (PLURAL_CATEGORIES as readonly string[]).includes(category) ? (category as PluralCategory) : "other";
}

/** A counted label for `n` ("1 card", "5 карт"): its form for n's plural category in the
 * texts' language. */
export function counted(t: Translate, base: PluralLabel, n: number): string {
  return t(`${base}_${pluralCategory(t.lang, n)}` as LabelKey, { n });
}

/** The label key of a menu item: "variant_" or "bots_" and the kernel's name in lower case
 * with every run of other characters as one "_" ("pick-up form" is variant_pick_up_form). */
export function menuKey(prefix: "variant_" | "bots_", name: string): string {
  return (
    prefix +
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
  );
}

/** The text of a variant or bot level in the menus: its label, or the kernel's own name
 * when protocol.json has no label for it (a name the kernel added later). */
export function menuText(t: Translate, prefix: "variant_" | "bots_", name: string): string {
  const key = menuKey(prefix, name);
  return own.call(LABELS, key) ? t(key as LabelKey) : name;
}

/** The English texts: for callers that have no labels trait at hand. */
export const ENGLISH: Translate = translator(null);

/** "1 card" / "7 cards" in the labels' words and plural forms. */
export function cardsCount(t: Translate, n: number): string {
  return counted(t, "cards", n);
}

/** A chance as a whole percentage, in the labels' own format ("40 %"). */
export function percent(t: Translate, p: number): string {
  return t("tracker_percent", { p: Math.round(p * 100) });
}

/** An element whose text (or one attribute) is a label: redrawn when the labels change. */
export interface Labelled {
  el: Element;
  key: LabelKey;
  attr?: string;
}

export function relabel(items: readonly Labelled[], t: Translate): void {
  for (const { el, key, attr } of items) {
    const text = t(key);
    if (attr) {
      if (el.getAttribute(attr) !== text) el.setAttribute(attr, text);
    } else if (el.textContent !== text) {
      el.textContent = text;
    }
  }
}
