/** The slug of a content entry: its file name, shared with its translation (`en/x` and `ar/x`). */
export const slugOf = (entry: { id: string }): string => entry.id.split('/').slice(1).join('/');

/** URL of a generated illustration (served by the media API). */
export const artUrl = (name: string): string => `/api/media/art/${name}.svg`;
