// The local provider's index format, written by cli/search/local-index.ts and read by theme/search/local-engine.ts.
// A bundle folder holds one small manifest, term shards and one fragment per page. A query fetches the manifest,
// the shards whose term range covers its words, and the fragments of the results it shows: nothing else.

/** Fetched fresh on every session (never cached without revalidation): it names the hashed files of this build. */
export const MANIFEST = "index.json";

export interface Manifest {
  format: 2;
  /** How many pages (fragments) the bundle has, and the hash in their file names (see `fragmentFile`). */
  pages: { count: number; hash: string };
  /**
   * Term shards in term order: where each begins (its first term, or the shortest start of it that sorts after the
   * shard before) and its file. A shard holds the terms from there up to the next one's.
   */
  shards: Array<[first: string, file: string]>;
  /**
   * The same terms (no postings) in the order of their reversed spelling, in chunks: the first reversed term of each
   * and its file. A typo in a word's first letters leaves its end intact, so the chunk covering the reversed end of
   * a misspelt word lists the terms it may have meant, whatever letter they start with.
   */
  tails: Array<[first: string, file: string]>;
  /** The sound-key map (`Translit`), read only for a Cyrillic query word the index does not have. */
  translit?: string;
  /** Pages that are blog posts, in ascending order: "why / when / what's new" questions prefer them. */
  posts?: number[];
}

/** Sound key of a spoken spelling (theme/search/translit.ts) → the stem of the page word it stands for. */
export type Translit = Record<string, string>;

/** Stems of a phrase joined by one space → the alternatives, each a list of stems. */
export type Synonyms = Record<string, string[][]>;

/** A tails chunk: terms sorted by their reversed spelling. */
export type Tails = string[];

/** A term spelt backwards: the sort key of the tails chunks. */
export const reversed = (term: string) => Array.from(term).reverse().join("");

/**
 * Term → postings, flat triples [page delta, section, weight]: page numbers ascend and are stored as the
 * difference to the previous triple's page; weight is the term's BM25 score in that section × 10, rounded.
 */
export interface Shard {
  terms: Record<string, number[]>;
  /**
   * Synonyms whose phrase starts with a stem in this shard's range (cli/search/synonyms.ts): the shard a query word
   * needs anyway brings the word's synonyms along, so they cost no request and no bytes in the manifest.
   */
  synonyms?: Synonyms;
  /**
   * The pages' loanwords with the English term each sounds like (плагин → plugin: cli/search/translit-map.ts), in
   * the shard of the loanword: a one-word query also finds the English term and the page titled with it.
   */
  loans?: Synonyms;
}

/** The fragment file of page number `page`. */
export const fragmentFile = (page: number, hash: string) => `f/${page}.${hash}.json`;

/** What a result shows of one page. Section 0 is the page itself (description and text before the first heading). */
export interface Fragment {
  url: string;
  title: string;
  breadcrumbs: string[];
  /** [anchor id, heading, text]; "" anchor and heading for section 0. */
  sections: Array<[string, string, string]>;
}

/** Term order of the shards: plain UTF-16 comparison, the same in Node and every browser. */
export const compareTerms = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
