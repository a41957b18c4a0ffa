import { Flex, Text } from '@chakra-ui/react';
import { PHOTO_TYPES } from '../../../openapi/limits';
import { deleteProfilePhoto } from '../../api/account';
import { profilePhotoMachine } from '../../machines/profile-photo';
import { useCurrentUser } from './currentUser';
import { UserAvatar } from './UserAvatar';
import { ProfileSection, UploadControls, useUploadFlow } from './upload-flow';
import { useObjectUrl } from './useObjectUrl';

/** My profile: the photo (or initials), Change photo (preview, upload with progress) and Remove. */
export function ProfilePhoto() {
  const user = useCurrentUser();
  const flow = useUploadFlow(profilePhotoMachine, {
    path: '/users/me/profile_photo',
    remove: deleteProfilePhoto,
    uploaded: 'Profile photo updated successfully.',
    removed: 'Profile photo removed.',
  });
  const [state] = flow;
  const showsChosen = state.matches('previewing') || state.matches('uploading') || state.matches('failed');
  const preview = useObjectUrl(showsChosen ? state.context.file : null);
  const hasPhoto = Boolean(user?.profile_photo_url);
  return (
    <ProfileSection name="profile-photo" title="Profile photo">
      <Flex gap={4} align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <UserAvatar
          user={user}
          src={preview}
          boxSize="96px"
          fontSize="2xl"
          borderWidth={preview ? '2px' : 0}
          borderColor="ui.main"
          borderStyle="dashed"
        />
        <Flex direction="column" gap={2} minW={0} flex="1">
          <UploadControls
            flow={flow}
            accept={PHOTO_TYPES.join(',')}
            inputLabel="Choose a profile photo"
            pickLabel={hasPhoto ? 'Change photo' : 'Add photo'}
            removeLabel={hasPhoto ? 'Remove photo' : null}
            progressLabel="Profile photo upload"
            uploadLabel="Upload photo"
            note={
              <Text fontSize="sm" color="fg.muted">
                {hasPhoto ? 'Shown in the menu and sidebar.' : 'No photo yet: your initials are shown.'}
              </Text>
            }
          />
          <Text fontSize="xs" color="fg.muted">
            PNG, JPEG or WebP, up to 5 MB.
          </Text>
        </Flex>
      </Flex>
    </ProfileSection>
  );
}
