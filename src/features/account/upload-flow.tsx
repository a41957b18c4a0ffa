import { Box, Button, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { UploadPath } from '../../api/account';
import { errorMessage } from '../../api/errors';
import type { UserPublic } from '../../api/types';
import { type UploadMachine, uploadPercent } from '../../machines/upload';
import { BusyButton, PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { uploader } from './actors';
import { useStoreCurrentUser } from './currentUser';
import { formatBytes } from './format';

interface FlowOptions {
  path: UploadPath;
  remove: (signal: AbortSignal) => Promise<UserPublic>;
  uploaded: string;
  removed: string;
}

/** Runs an upload machine with the XMLHttpRequest uploader, the removal call and the cache update. */
export function useUploadFlow(machine: UploadMachine, options: FlowOptions) {
  const store = useStoreCurrentUser();
  return useMachine(
    machine.provide({
      actors: {
        upload: uploader(options.path),
        remove: fromPromise<unknown, void>(({ signal }) => options.remove(signal)),
      },
      actions: {
        onUploaded: ({ context }) => {
          store(context.output);
          showSuccess('Success!', options.uploaded);
        },
        onRemoved: ({ context }) => {
          store(context.output);
          showSuccess('Success!', options.removed);
        },
        onRemoveFailed: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
}

export type UploadFlow = ReturnType<typeof useUploadFlow>;

/** A button that opens the file chooser; the input itself is visually hidden (one tab stop). */
function FilePickButton({
  flow,
  accept,
  inputLabel,
  children,
}: {
  flow: UploadFlow;
  accept?: string;
  inputLabel: string;
  children: ReactNode;
}) {
  const [state, send] = flow;
  const input = useRef<HTMLInputElement>(null);
  const busy = state.matches('uploading') || state.matches('removing');
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette="teal"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          accept={accept}
          aria-label={inputLabel}
          tabIndex={-1}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same file again is reported too.
            event.target.value = '';
            if (file) send({ type: 'file.choose', file });
          }}
        />
      </VisuallyHidden>
    </>
  );
}

/** The progress bar of an upload. */
function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box w="full" maxW="sm">
      <Text fontSize="sm" mb={1}>
        Uploading… {percent}%
      </Text>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        h="2"
        rounded="full"
        bg="bg.emphasized"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="ui.main" transition="width 0.2s" />
      </Box>
    </Box>
  );
}

/** What the flow shows after a file was chosen: Upload/Cancel, the progress, or why it failed. */
function UploadStatus({
  flow,
  progressLabel,
  uploadLabel,
}: {
  flow: UploadFlow;
  progressLabel: string;
  uploadLabel: string;
}) {
  const [state, send] = flow;
  const { file, rejection, error, progress } = state.context;
  const cancel = (
    <Button size="sm" variant="subtle" colorPalette="gray" onClick={() => send({ type: 'file.cancel' })}>
      Cancel
    </Button>
  );
  if (state.matches('uploading')) {
    return (
      <Flex direction="column" gap={2} align="flex-start" w="full" minW={0}>
        <UploadProgress percent={uploadPercent(progress)} label={progressLabel} />
        {cancel}
      </Flex>
    );
  }
  const previewing = state.matches('previewing');
  if (!previewing && !state.matches('failed') && !state.matches('rejected')) return null;
  return (
    <Flex direction="column" gap={2} align="flex-start" minW={0}>
      {previewing ? (
        <Text fontSize="sm" overflowWrap="anywhere">
          Selected: {file ? `${file.name} (${formatBytes(file.size)})` : ''}
        </Text>
      ) : (
        <Text role="alert" fontSize="sm" color="fg.error" overflowWrap="anywhere">
          {rejection ?? errorMessage(error)}
        </Text>
      )}
      <Flex gap={2} wrap="wrap">
        {!state.matches('rejected') && (
          <PrimaryButton size="sm" onClick={() => send({ type: 'file.upload' })}>
            {previewing ? uploadLabel : 'Try again'}
          </PrimaryButton>
        )}
        {cancel}
      </Flex>
    </Flex>
  );
}

/** A file section's controls: the pick button and Remove at rest, the chosen file's status after. */
export function UploadControls({
  flow,
  accept,
  inputLabel,
  pickLabel,
  removeLabel,
  progressLabel,
  uploadLabel,
  note,
}: {
  flow: UploadFlow;
  accept?: string;
  inputLabel: string;
  pickLabel: string;
  /** The Remove button's label, or null when there is nothing stored to remove. */
  removeLabel: string | null;
  progressLabel: string;
  uploadLabel: string;
  note?: ReactNode;
}) {
  const [state, send] = flow;
  if (state.matches('idle') || state.matches('removing')) {
    return (
      <>
        {note}
        <Flex gap={2} wrap="wrap">
          <FilePickButton flow={flow} accept={accept} inputLabel={inputLabel}>
            {pickLabel}
          </FilePickButton>
          {removeLabel && (
            <BusyButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              loading={state.matches('removing')}
              onClick={() => send({ type: 'file.remove' })}
            >
              {removeLabel}
            </BusyButton>
          )}
        </Flex>
      </>
    );
  }
  return (
    <>
      <UploadStatus flow={flow} progressLabel={progressLabel} uploadLabel={uploadLabel} />
      {(state.matches('rejected') || state.matches('failed') || state.matches('previewing')) && (
        <Box>
          <FilePickButton flow={flow} accept={accept} inputLabel={inputLabel}>
            Choose another
          </FilePickButton>
        </Box>
      )}
    </>
  );
}

/** A section of My profile, named by its heading (aria-labelledby). */
export function ProfileSection({
  name,
  title,
  children,
}: {
  name: string;
  title: string;
  children: ReactNode;
}) {
  const heading = `${name}-${useId().replace(/:/g, '')}`;
  return (
    <Box as="section" aria-labelledby={heading} py={4}>
      <Heading as="h2" size="sm" py={4} id={heading}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}
