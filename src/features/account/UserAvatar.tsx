import { Box, type BoxProps } from '@chakra-ui/react';
import { useState } from 'react';
import type { UserPublic } from '../../api/types';
import { useCurrentUser } from './currentUser';
import { initials } from './format';

interface UserAvatarProps extends Omit<BoxProps, 'children'> {
  user: Pick<UserPublic, 'full_name' | 'email' | 'profile_photo_url'> | undefined;
  /** An image to show instead of the stored photo (a preview). */
  src?: string | null;
}

/** The user's profile photo in a circle, or their initials. Decorative: the name is written nearby. */
export function UserAvatar({ user, src, ...box }: UserAvatarProps) {
  const photo = src ?? user?.profile_photo_url ?? null;
  const [broken, setBroken] = useState<string | null>(null);
  const showPhoto = photo !== null && broken !== photo;
  return (
    <Box
      aria-hidden="true"
      rounded="full"
      overflow="hidden"
      flexShrink={0}
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="teal.solid"
      color="white"
      fontWeight="bold"
      userSelect="none"
      {...box}
    >
      {showPhoto ? (
        <img
          src={photo}
          alt=""
          width="100%"
          height="100%"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setBroken(photo)}
        />
      ) : (
        initials(user?.full_name, user?.email)
      )}
    </Box>
  );
}

/** The user menu's trigger content: the same avatar as the sidebar's (photo, else initials). */
export function MenuAvatar() {
  const user = useCurrentUser();
  return <UserAvatar user={user} boxSize="full" fontSize="sm" />;
}
