/** Words on the map page (the heading is the route table's title for /map). */
export const mapPageCopy = {
  heading: 'Showcase Organisations Map',
  lead:
    'Where the organisations that have presented at the Wildfire Innovation Showcase are based, ' +
    'from detection start-ups to the people restoring burned land.',
  mapLabel: 'World map of showcase organisations',
  skipToList: 'Skip the map and go to the list of organisations',
  loading: 'Preparing the world map, which needs JavaScript. Every organisation is also listed below.',
  failed: 'The map could not be loaded. Every organisation is still listed below.',
  retry: 'Try the map again',
  keyboardHelp:
    'On the map, Tab moves from one organisation to the next and Enter opens its details. ' +
    'With the map itself focused, the arrow keys pan and the + and − keys zoom. ' +
    'Markers that overlap can all be reached from the list below.',
  listHeading: 'All showcase organisations',
  listIntro: 'The same organisations as on the map. Choose “Show on map” to fly there and open its details.',
  filterLabel: 'Filter by name or description',
  filterHint: 'For example “sensors”, “prescribed burn” or “smoke”.',
  showOnMap: 'Show on map',
  notOnMap: 'Not on the map yet: we are confirming where it is based.',
  website: 'Visit website',
  opensInNewTab: 'opens in a new tab',
  summaryAll: (total: number, plotted: number) => `${total} organisations, ${plotted} of them on the map.`,
  summaryFiltered: (shown: number, total: number, query: string) =>
    `${shown} of ${total} organisations match “${query}”.`,
  noMatch: 'Try a shorter word, or clear the filter to see every organisation again.',
} as const;
