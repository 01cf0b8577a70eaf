import { MEMBER_ID_PATTERN } from '@lunara/shared/params-constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_PARAM } from '../../../components/rich-text/member-markdown.ts';

/**
 * The profile shown in the page's dialog: one she opened by a name, or the one the address names
 * (`?member=<id>`, where a mention leads). Closing it takes the member out of the address, so going back
 * and forth does not open it again.
 */
export function useProfileFromUrl(): [string | null, (userId: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [opened, setOpened] = useState<string | null>(null);
  const fromUrl = searchParams.get(PROFILE_PARAM);
  const profileId = opened ?? (fromUrl && MEMBER_ID_PATTERN.test(fromUrl) ? fromUrl : null);
  const setProfileId = (userId: string | null) => {
    setOpened(userId);
    if (userId === null && fromUrl !== null) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PROFILE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };
  return [profileId, setProfileId];
}
