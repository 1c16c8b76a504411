/**
 * The organisations behind the scorecard. The consortium is the site's own organisation; the
 * alliance and the institute are SAMPLE names for the team to replace (README, sample content).
 */
export type PartnerId = 'consortium' | 'alliance' | 'institute';

export interface Partner {
  readonly id: PartnerId;
  readonly name: string;
  /** What the organisation does for the scorecard. */
  readonly role: string;
  readonly description: string;
  readonly website: string;
}

export const PARTNERS: readonly Partner[] = [
  {
    id: 'consortium',
    name: 'Wildfire Prevention Consortium',
    role: 'Lead author and publisher',
    description:
      'A non-profit that brings communities, governments, insurers, researchers and innovators together to prevent catastrophic wildfires. The consortium wrote the scorecard, runs the pilot programme and answers every question that comes in through this site.',
    website: 'https://www.wildfirepreventionconsortium.org',
  },
  {
    id: 'alliance',
    name: 'Resilient Communities Alliance',
    role: 'Co-publisher and global network',
    description:
      'A disaster-resilience alliance of more than 450 member organisations in 35 countries. Its members built the original city scorecard on the UN 10 Essentials, used by about 350 cities, and reviewed every essential of the wildfire edition.',
    website: 'https://www.resilientcommunitiesalliance.org',
  },
  {
    id: 'institute',
    name: 'Wildland Resilience Institute',
    role: 'Research and review partner',
    description:
      'A university-based research group that studies how communities in the wildland-urban interface prepare for, live with and recover from fire. Its researchers tested the scoring scale with fire chiefs and planners before launch.',
    website: 'https://www.wildlandresilience.org',
  },
];

export function partnerById(id: PartnerId): Partner {
  const partner = PARTNERS.find((candidate) => candidate.id === id);
  if (!partner) throw new Error(`No partner ${id}`);
  return partner;
}
