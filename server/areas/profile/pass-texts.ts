/** The texts a member card needs in the request's language: the club's name and the rank titles. */
import type { PassTexts } from './member-pass.service';
import type { OrganizationRow, RankRow } from '../../kernel/types';
import { localized, type ContentLanguage } from '../../lib/localize';

/** The organization's name and a rank-title lookup (the code itself when the rank is unknown) in `language`. */
export function passTexts(organization: OrganizationRow, ranks: RankRow[], language: ContentLanguage): PassTexts {
  return {
    organizationName: localized({ name: organization.name }, organization.translations, language).name,
    rankTitle: (code) => {
      const rank = ranks.find((r) => r.code === code);
      return rank ? localized({ title: rank.title }, rank.translations, language).title : code;
    },
  };
}
