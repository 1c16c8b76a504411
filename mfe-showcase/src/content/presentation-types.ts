/** Presentation entries of the showcase archive, in the two shapes of spec §3. */
import type { VideoClip } from '@wpc/shared/ui';
import type { ShowcaseDate } from './events';

/** What both shapes share. File fields name files under the remote's public/ folder. */
interface PresentationBase {
  readonly orgDescription: string;
  /** The clip on the hosted video site; null for the few entries with no clip (no player shown). */
  readonly youtube: VideoClip | null;
  /**
   * A self-hosted copy of the recording (spec §3), '' when there is none. The pages play
   * `youtube`; the field is kept so the team's archive list keeps its shape.
   */
  readonly video: string;
  /** Preview image of the clip. */
  readonly videoPreview: string;
  /** The slides PDF under public/slides/, '' when the presenter shared none. */
  readonly slides: string;
  readonly category: string;
  readonly showcaseDate: ShowcaseDate;
}

/** One innovator presenting their organisation. */
export interface InnovatorPresentation extends PresentationBase {
  readonly presenterName: string;
  readonly presenterRole: string;
  /** '' when there is no photo: the card shows an initials avatar. */
  readonly presenterPhoto: string;
  readonly orgName: string;
  readonly orgLogo: string;
  readonly location: string;
  /** The organisation's professional-network page. */
  readonly linkedin: string;
  readonly linkedinPersonal: string;
  /**
   * false hides the entry. Entries without the flag are shown: it was added to take a
   * presentation down, so only an explicit false does that.
   */
  readonly display?: boolean;
}

/** The consortium's own presentation at each showcase: two presenters, one description. */
export interface ConsortiumPresentation extends PresentationBase {
  readonly orgName1: string;
  readonly orgLogo1: string;
  readonly presenterName1: string;
  readonly presenterRole1: string;
  readonly presenterPhoto1: string;
  readonly location1: string;
  readonly linkedinPersonal1: string;
  readonly linkedin1: string;
  readonly orgName2: string;
  readonly orgLogo2: string;
  readonly presenterName2: string;
  readonly presenterRole2: string;
  readonly presenterPhoto2: string;
  readonly location2: string;
  readonly linkedinPersonal2: string;
  readonly linkedin2: string;
}

/** One presenter as a card shows them, whichever shape they come from. */
export interface Presenter {
  readonly name: string;
  readonly role: string;
  readonly photo: string;
  readonly orgName: string;
  readonly orgLogo: string;
  /** The logo's alternative text, as its editor wrote it; "<orgName> logo" when not given. */
  readonly orgLogoAlt?: string;
  readonly location: string;
  readonly linkedin: string;
  readonly linkedinPersonal: string;
}

export function innovatorPresenter(entry: InnovatorPresentation): Presenter {
  return {
    name: entry.presenterName,
    role: entry.presenterRole,
    photo: entry.presenterPhoto,
    orgName: entry.orgName,
    orgLogo: entry.orgLogo,
    location: entry.location,
    linkedin: entry.linkedin,
    linkedinPersonal: entry.linkedinPersonal,
  };
}

export function consortiumPresenters(entry: ConsortiumPresentation): readonly [Presenter, Presenter] {
  return [
    {
      name: entry.presenterName1,
      role: entry.presenterRole1,
      photo: entry.presenterPhoto1,
      orgName: entry.orgName1,
      orgLogo: entry.orgLogo1,
      location: entry.location1,
      linkedin: entry.linkedin1,
      linkedinPersonal: entry.linkedinPersonal1,
    },
    {
      name: entry.presenterName2,
      role: entry.presenterRole2,
      photo: entry.presenterPhoto2,
      orgName: entry.orgName2,
      orgLogo: entry.orgLogo2,
      location: entry.location2,
      linkedin: entry.linkedin2,
      linkedinPersonal: entry.linkedinPersonal2,
    },
  ];
}

/** The innovators shown for a showcase: its entries, minus those whose display flag is false. */
export function innovatorsShownOn(
  entries: readonly InnovatorPresentation[],
  date: ShowcaseDate,
): InnovatorPresentation[] {
  return entries.filter((entry) => entry.showcaseDate === date && entry.display !== false);
}
