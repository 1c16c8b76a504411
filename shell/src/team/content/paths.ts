/** The editor's pages: /team/content, /team/content/<area>, /team/content/<area>/<entry id>. */
export const CONTENT_PATH = /^\/team\/content(?:\/(home|scorecard|showcase|map)(?:\/([A-Za-z0-9_-]{1,100}))?)?\/?$/;
