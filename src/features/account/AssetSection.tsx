import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { deleteAsset } from '../../api/account';
import { assetUploadMachine } from '../../machines/asset-upload';
import { useCurrentUser } from './currentUser';
import { formatBytes } from './format';
import { ProfileSection, UploadControls, useUploadFlow } from './upload-flow';

/** My profile: the uploaded asset (name, size, download link) with upload/replace and remove. */
export function AssetSection() {
  const user = useCurrentUser();
  const flow = useUploadFlow(assetUploadMachine, {
    path: '/users/me/asset',
    remove: deleteAsset,
    uploaded: 'Asset uploaded successfully.',
    removed: 'Asset removed.',
  });
  const hasAsset = Boolean(user?.asset_url);
  return (
    <ProfileSection name="asset" title="Asset">
      <Flex direction="column" gap={3}>
        {hasAsset ? (
          <Flex
            gap={3}
            align={{ base: 'flex-start', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
            borderWidth="1px"
            rounded="md"
            p={3}
            data-testid="asset-file"
          >
            <Box minW={0} flex="1">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {user?.asset_name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatBytes(user?.asset_size ?? 0)}
              </Text>
            </Box>
            <Link
              href={user?.asset_url ?? undefined}
              download={user?.asset_name ?? true}
              colorPalette="teal"
              color="teal.fg"
              fontWeight="medium"
              fontSize="sm"
              aria-label={`Download ${user?.asset_name ?? 'asset'}`}
            >
              Download
            </Link>
          </Flex>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No asset uploaded yet.
          </Text>
        )}
        <UploadControls
          flow={flow}
          inputLabel="Choose an asset file"
          pickLabel={hasAsset ? 'Replace asset' : 'Upload asset'}
          removeLabel={hasAsset ? 'Remove asset' : null}
          progressLabel="Asset upload"
          uploadLabel="Upload asset"
        />
        <Text fontSize="xs" color="fg.muted">
          Any file, up to 20 MB.
        </Text>
      </Flex>
    </ProfileSection>
  );
}
