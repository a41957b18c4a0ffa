import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { deleteProfilePhoto } from '../../api/account';
import { PHOTO_TYPES, profilePhotoMachine } from '../../machines/profile-photo';
import { useCurrentUser } from '../layout/useCurrentUser';
import { UserAvatar } from './UserAvatar';
import { FilePickButton, UploadStatus, useSectionId, useUploadFlow } from './upload-flow';
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
  const [state, send] = flow;
  const showsChosen = state.matches('previewing') || state.matches('uploading') || state.matches('failed');
  const preview = useObjectUrl(showsChosen ? state.context.file : null);
  const idle = state.matches('idle') || state.matches('removing');
  const heading = useSectionId('profile-photo');
  return (
    <Box as="section" aria-labelledby={heading} py={4}>
      <Heading as="h2" size="sm" py={4} id={heading}>
        Profile photo
      </Heading>
      <Flex gap={4} align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <UserAvatar
          user={user}
          src={preview}
          boxSize="96px"
          fontSize="2xl"
          borderWidth={preview ? '2px' : 0}
          borderColor="teal.solid"
          borderStyle="dashed"
        />
        <Flex direction="column" gap={2} minW={0} flex="1">
          {idle ? (
            <>
              <Text fontSize="sm" color="fg.muted">
                {user?.profile_photo_url
                  ? 'Shown in the menu and sidebar.'
                  : 'No photo yet: your initials are shown.'}
              </Text>
              <Flex gap={2} wrap="wrap">
                <FilePickButton
                  flow={flow}
                  accept={PHOTO_TYPES.join(',')}
                  inputLabel="Choose a profile photo"
                >
                  {user?.profile_photo_url ? 'Change photo' : 'Add photo'}
                </FilePickButton>
                {user?.profile_photo_url && (
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    loading={state.matches('removing')}
                    onClick={() => send({ type: 'file.remove' })}
                  >
                    Remove photo
                  </Button>
                )}
              </Flex>
            </>
          ) : (
            <>
              <UploadStatus flow={flow} progressLabel="Profile photo upload" uploadLabel="Upload photo" />
              {(state.matches('rejected') || state.matches('failed') || state.matches('previewing')) && (
                <Box>
                  <FilePickButton
                    flow={flow}
                    accept={PHOTO_TYPES.join(',')}
                    inputLabel="Choose a profile photo"
                  >
                    Choose another
                  </FilePickButton>
                </Box>
              )}
            </>
          )}
          <Text fontSize="xs" color="fg.muted">
            PNG, JPEG or WebP, up to 5 MB.
          </Text>
        </Flex>
      </Flex>
    </Box>
  );
}
