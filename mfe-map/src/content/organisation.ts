/** Spec §3 "Map organisation": one showcase organisation as the map's data lists it. */
export interface MapOrganisation {
  readonly orgName: string;
  /** Full URL of the organisation's website. */
  readonly website: string;
  readonly shortDescription: string;
  /** URL of the organisation's logo (an SVG bundled with the map); without one the marker shows initials. */
  readonly orgLogo?: string;
  /** 'lat,long' in decimal degrees, e.g. '37.77,-122.42'. Entries that do not parse are not plotted. */
  readonly latLong: string;
}
