import essentials from './ten-essentials.json';

/**
 * UNDRR's Ten Essentials for Making Cities Resilient, as the scorecard applies them to wildfire.
 * The data sits in JSON so the document generator (shared/scripts/) reads the same list.
 */
export interface Essential {
  readonly number: number;
  readonly id: string;
  readonly title: string;
  readonly shortTitle: string;
  /** The one question the downloadable workbook asks for this essential. */
  readonly keyQuestion: string;
  /** One sentence on what the essential asks of a community facing wildfire. */
  readonly description: string;
}

export const TEN_ESSENTIALS: readonly Essential[] = essentials;
