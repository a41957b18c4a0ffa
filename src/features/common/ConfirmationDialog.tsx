import { Box, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { type RefObject, useRef } from 'react';
import type { ConfirmationActor } from '../../machines/form-dialogs';
import type { ConfirmationDescriptor, Paragraph } from './confirmation';
import { ConfirmDialog } from './FormDialog';

function ParagraphText({ paragraph, first }: { paragraph: Paragraph; first: boolean }) {
  return (
    <Text mt={first ? undefined : 2}>
      {paragraph.map((segment, index) =>
        typeof segment === 'string' ? (
          segment
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's runs are fixed text, never reordered
          <strong key={index}>{segment.strong}</strong>
        ),
      )}
    </Text>
  );
}

/** The record a dialog acts on, named in a box above its text or fields. */
export function RecordBox({ record }: { record: { name: string; detail?: string } }) {
  return (
    <Box
      borderWidth="1px"
      rounded="md"
      px={3}
      py={2}
      mb={3}
      bg="bg.subtle"
      overflowWrap="anywhere"
      data-testid="dialog-record"
    >
      <Text fontWeight="semibold">{record.name}</Text>
      {record.detail !== undefined && (
        <Text fontSize="sm" color="fg.muted">
          {record.detail}
        </Text>
      )}
    </Box>
  );
}

/** A confirmation dialog drawn from its descriptor: the record in a box, the text, the red button. */
export function ConfirmationDialog<T, O>({
  descriptor,
  actor,
  returnFocusRef,
}: {
  descriptor: ConfirmationDescriptor<T, O>;
  actor: ConfirmationActor<T, O>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { screen } = descriptor;
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  // The record stays named while the dialog closes (the machine forgets it as it closes).
  const last = useRef<T | null>(null);
  if (target !== null) last.current = target;
  const shown = target ?? last.current;
  const record = shown !== null && screen.record ? screen.record(shown) : undefined;
  return (
    <ConfirmDialog
      actor={actor}
      title={screen.title}
      submitLabel={screen.submitLabel}
      danger
      returnFocusRef={returnFocusRef}
    >
      {record && <RecordBox record={record} />}
      {screen.body(shown).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs are the descriptor's fixed text
        <ParagraphText key={index} paragraph={paragraph} first={index === 0} />
      ))}
    </ConfirmDialog>
  );
}
