import type { Area } from '@wpc/shared/routes';

export interface NavLink {
  readonly label: string;
  readonly href: string;
}

export type MenuId = 'showcase' | 'scorecard';

export type NavItem =
  | (NavLink & { readonly kind: 'link' })
  | {
      readonly kind: 'menu';
      readonly id: MenuId;
      readonly label: string;
      readonly area: Area;
      readonly links: readonly NavLink[];
    };

const showcaseLinks: readonly NavLink[] = [
  { label: 'Innovation Showcase', href: '/showcase/innovations' },
  { label: 'Past Presentations', href: '/showcase/presentations' },
];

const scorecardLinks: readonly NavLink[] = [
  { label: 'Scorecard Overview', href: '/scorecard' },
  { label: 'Instructions', href: '/scorecard/instructions' },
  { label: 'Press Release', href: '/scorecard/news' },
  { label: 'Participation', href: '/scorecard/participation' },
  { label: 'FAQ', href: '/scorecard/faq' },
  { label: 'About the Scorecard', href: '/scorecard/about' },
  { label: 'Subscribe', href: '/scorecard/subscribe' },
  { label: 'Scorecard Support', href: '/scorecard/contact' },
];

export const MAIN_NAV: readonly NavItem[] = [
  { kind: 'link', label: 'About', href: '/about' },
  { kind: 'menu', id: 'showcase', label: 'Showcase', area: 'showcase', links: showcaseLinks },
  { kind: 'menu', id: 'scorecard', label: 'Scorecard', area: 'scorecard', links: scorecardLinks },
  { kind: 'link', label: 'Map', href: '/map' },
  { kind: 'link', label: 'Sponsors', href: '/sponsors' },
  { kind: 'link', label: 'Contact Us', href: '/contact-us' },
];

export interface FooterColumn {
  readonly title: string;
  readonly links: readonly NavLink[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Company',
    links: [
      { label: 'Home', href: '/' },
      { label: 'About Us', href: '/about' },
      { label: 'Sponsors', href: '/sponsors' },
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
  { title: 'Scorecard', links: scorecardLinks.slice(0, 6) },
  { title: 'Showcase', links: [...showcaseLinks, { label: 'Showcase Map', href: '/map' }] },
];

export interface SocialLink {
  readonly network: 'LinkedIn' | 'Facebook' | 'YouTube' | 'TikTok' | 'Instagram';
  readonly href: string;
}

// The consortium's public profiles; change them here only.
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/wildfire-prevention-consortium' },
  { network: 'Facebook', href: 'https://www.facebook.com/wildfirepreventionconsortium' },
  { network: 'YouTube', href: 'https://www.youtube.com/@wildfirepreventionconsortium' },
  { network: 'TikTok', href: 'https://www.tiktok.com/@wildfireprevention' },
  { network: 'Instagram', href: 'https://www.instagram.com/wildfirepreventionconsortium' },
];
