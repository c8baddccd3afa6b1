// CSS modules' class names carry six characters of a hash of the module's path (cli/mdx/css-modules.ts:
// `styles_k3x9q2_card`). Tests about what a class does, not its name's hash, compare text with the hash taken out
// (`styles_card`); tests/unit/css-modules.test.ts checks the names themselves.
export const withoutModuleHash = (text: string): string => text.replace(/\b(styles|index)_[0-9a-z]{6}_/g, "$1_");
