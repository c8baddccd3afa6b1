// A sound key shared by Latin and Cyrillic spellings of one word: Russian readers write the English terms the docs
// use the way they say them («скриншотов», «таймауты», «ассерты», «сетвалью»), and the key of such a word equals the
// key of the English word (screenshot, timeout, assert, setValue). Generic rules, no word list: the build keys the
// Latin words of a locale's own pages (cli/search/translit-map.ts), the engine keys a Cyrillic query word nothing
// answers as typed and reads the English term with the same key.

/** English letter groups as a Russian reader says them, longest first; `c` and `g` depend on the next letter. */
const LATIN: Array<[RegExp, string]> = [
  [/tion/g, "San"],
  [/sch|sh/g, "S"],
  [/tch|ch/g, "C"],
  [/ph/g, "f"],
  [/ck/g, "k"],
  [/qu/g, "kv"],
  [/q/g, "k"],
  [/x/g, "ks"],
  // "view", "flow": a w after a vowel and before no vowel is a vowel sound (вью, флоу).
  [/(?<=[aeiou])w(?![aeiouy])/g, "u"],
  [/w/g, "v"],
  [/j/g, "dZ"],
  [/ge$/g, "dZ"],
  [/c(?=[eiy])/g, "s"],
  [/c/g, "k"],
  [/h/g, ""],
  [/[aeiouy]+/g, "a"],
];

/** Russian letters as the same symbols: vowels (and й) are one class, soft and hard signs and х are dropped. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  е: "a",
  ё: "a",
  и: "a",
  о: "a",
  у: "a",
  ы: "a",
  э: "a",
  ю: "a",
  я: "a",
  й: "a",
  ь: "",
  ъ: "",
  х: "",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ж: "Z",
  з: "z",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ф: "f",
  ц: "ts",
  ч: "C",
  ш: "S",
  щ: "S",
};

/** Keys shorter than this say too little to tell words apart ("mk" would be mock, make, mac…). */
export const KEY_FROM = 3;

/**
 * Every sound key of a Latin word: an s between vowels is said either way ("user" юзер, "base" бейс), so both.
 */
export function latinKeys(word: string): string[] {
  const voiced = word.replace(/(?<=[aeiouyw])s(?=[aeiouy])/g, "z");
  return [...new Set([soundKey(word), soundKey(voiced)])];
}

/**
 * The sound key of a lower-case word in either script: consonants as spoken, every run of vowels one `a`, doubled
 * letters once, a final vowel dropped (Russian endings and English silent e). "" for a word in neither script.
 */
export function soundKey(word: string): string {
  let s: string;
  if (/^[a-z]+$/.test(word)) {
    s = word;
    for (const [re, to] of LATIN) s = s.replace(re, to);
  } else if (/^[а-яё]+$/.test(word)) {
    s = Array.from(word, (ch) => CYRILLIC[ch] ?? "").join("");
    s = s.replace(/a+/g, "a");
  } else return "";
  return s.replace(/(.)\1+/g, "$1").replace(/a$/, "");
}
