// The `.` and `..` segments of a path written by an author: the config's own paths (baseUrl) and content's (slugs,
// permalinks: cli/content/url-segments.ts) are refused by the same rule, since either would put a page outside its
// folder or the output.

/** A path segment that a browser or a file system reads as "this folder" or "the folder above" (`%2e` included). */
export const isDotSegment = (segment: string): boolean => /^(\.|%2e){1,2}$/i.test(segment);

/** Whether a path written by an author has a `.` or `..` segment (separators `/` and `\`). */
export const hasDotSegment = (path: string): boolean => path.split(/[/\\]/).some(isDotSegment);
