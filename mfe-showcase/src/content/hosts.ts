/**
 * The two organisations that host the showcase. The consortium's name is the site's; the
 * venture networking community and every address here are sample content for the team to replace.
 */
import { SITE_NAME } from '@wpc/shared/routes';

export interface HostOrganisation {
  readonly name: string;
  /** File under public/. */
  readonly logo: string;
  readonly linkedin: string;
}

export const CONSORTIUM: HostOrganisation = {
  name: SITE_NAME,
  logo: 'media/logos/wildfire-prevention-consortium.svg',
  linkedin: 'https://www.linkedin.com/company/wildfire-prevention-consortium',
};

export const VENTURE_COMMUNITY: HostOrganisation = {
  name: 'Resilience Ventures Collective',
  logo: 'media/logos/resilience-ventures-collective.svg',
  linkedin: 'https://www.linkedin.com/company/resilience-ventures-collective-sample',
};
