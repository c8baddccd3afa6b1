// The other keyboard layout, for a query that found nothing as typed. Its own module so the engine loads it only
// then (a dynamic import: a small chunk of its own in the browser, off the first query's bytes).
const QWERTY = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.~QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>";
const JCUKEN = "ёйцукенгшщзхъфывапролджэячсмитьбюЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ";
const LAYOUT = new Map<string, string>();
for (let i = 0; i < QWERTY.length; i++) {
  LAYOUT.set(QWERTY[i], JCUKEN[i]);
  LAYOUT.set(JCUKEN[i], QWERTY[i]);
}

/**
 * The same keys pressed in the other keyboard layout (ЙЦУКЕН ↔ QWERTY): "ыуеМфдгу" → "setValue",
 * "crhbyijn" → "скриншот". Characters that are not on either layout's letter keys stay as they are.
 */
export const otherLayout = (text: string) => Array.from(text, (c) => LAYOUT.get(c) ?? c).join("");
