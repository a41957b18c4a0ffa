import { Box, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useRef } from 'react';
import type { FormValues } from '../../machines/form';
import type { ConfirmationActor, ModalFormActor } from '../../machines/form-dialogs';
import { fieldRefusal, type RefusableField } from '../../machines/refusals';
import { saveThenFocusError } from '../../ui/focus-error';
import { DangerButton, type FormBinding, PrimaryButton } from '../../ui/form';
import { dialogRecipe } from '../../ui/recipes';

interface DialogProps {
  title: string;
  submitLabel?: string;
  /** Destructive confirmation: red submit button and the alertdialog role. */
  danger?: boolean;
  /** Where focus returns on close when the opener is gone (e.g. a row's actions menu trigger). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** A long form: a wider dialog from `md` up, for fields side by side (Edit User). */
  wide?: boolean;
}

/** Shadows at a dialog body's edges while more lies beyond (pure CSS: covers that scroll with the content). */
const scrollShadows = {
  background: [
    'linear-gradient(var(--chakra-colors-bg-panel) 30%, transparent) center top',
    'linear-gradient(transparent, var(--chakra-colors-bg-panel) 70%) center bottom',
    'radial-gradient(farthest-side at 50% 0, rgba(0, 0, 0, 0.25), transparent) center top',
    'radial-gradient(farthest-side at 50% 100%, rgba(0, 0, 0, 0.25), transparent) center bottom',
  ].join(', '),
  backgroundRepeat: 'no-repeat',
  backgroundSize: '100% 40px, 100% 40px, 100% 12px, 100% 12px',
  backgroundAttachment: 'local, local, scroll, scroll',
} as const;

/** What the frame needs of a modal form's or a confirmation's snapshot (both are open in `open`). */
interface DialogSnapshot {
  matches(value: 'open' | { open: 'submitting' }): boolean;
  can(event: { type: 'form.submit' }): boolean;
}

/** The frame's props from a modal form's or a confirmation's snapshot and its `send`. */
function frameProps(
  snapshot: DialogSnapshot,
  send: (event: { type: 'form.submit' } | { type: 'modal.close' }) => void,
) {
  return {
    open: snapshot.matches('open'),
    submitting: snapshot.matches({ open: 'submitting' }),
    canSubmit: snapshot.can({ type: 'form.submit' }),
    onSubmit: () => send({ type: 'form.submit' }),
    onClose: () => send({ type: 'modal.close' }),
  };
}

interface FormDialogProps<V extends FormValues, T, O> extends DialogProps {
  actor: ModalFormActor<V, T, O>;
  children: (form: FormBinding<V>) => ReactNode;
}

/** A dialog rendered from a modal form machine: open while the machine is in `open`. */
export function FormDialog<V extends FormValues, T, O>({
  actor,
  children,
  ...props
}: FormDialogProps<V, T, O>) {
  const snapshot = useSelector(actor, (s) => s);
  const form: FormBinding<V> = { context: snapshot.context, send: actor.send };
  return (
    <DialogFrame {...props} {...frameProps(snapshot, actor.send)}>
      {children(form)}
    </DialogFrame>
  );
}

/** The server's refusal of one field (a breached password), shown on it until the next edit. */
export function useFieldRefusal<V extends FormValues, T, O>(
  actor: ModalFormActor<V, T, O>,
  field: RefusableField,
): string | null {
  return useSelector(actor, (s) => fieldRefusal(s.matches({ open: 'failed' }), s.context.error, field));
}

interface ConfirmDialogProps<T, O> extends DialogProps {
  actor: ConfirmationActor<T, O>;
  children: ReactNode;
}

/** A confirmation dialog (no fields) rendered from a confirmation machine; as FormDialog otherwise. */
export function ConfirmDialog<T, O>({ actor, children, ...props }: ConfirmDialogProps<T, O>) {
  const snapshot = useSelector(actor, (s) => s);
  return (
    <DialogFrame {...props} {...frameProps(snapshot, actor.send)}>
      {children}
    </DialogFrame>
  );
}

/** Focuses a form's first field with the caret after its text: the focus trap would select it all. */
function focusFirstField(form: HTMLFormElement | null): HTMLElement | null {
  const field = form?.querySelector<HTMLElement>('input, select, textarea') ?? null;
  field?.focus();
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    try {
      field.setSelectionRange(field.value.length, field.value.length);
    } catch {
      // e-mail and number inputs have no selection API; focusing leaves them unselected.
    }
  }
  return field;
}

interface DialogFrameProps extends DialogProps {
  open: boolean;
  submitting: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog whose body is a form: title, scrolling body, submit (red when destructive) and Cancel. */
export function DialogFrame({
  title,
  submitLabel = 'Save',
  danger,
  returnFocusRef,
  wide,
  open,
  submitting,
  canSubmit,
  onSubmit,
  onClose,
  children,
}: DialogFrameProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const SubmitButton = danger ? DangerButton : PrimaryButton;

  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      role={danger ? 'alertdialog' : 'dialog'}
      // Focus goes to the first field, or to Cancel in a confirmation; back to the opener on close.
      initialFocusEl={() => (danger ? cancelRef.current : focusFirstField(formRef.current))}
      finalFocusEl={returnFocusRef ? () => returnFocusRef.current : undefined}
      // The actions menu hands focus back to its trigger as the dialog opens: not a reason to close.
      onFocusOutside={(event) => event.preventDefault()}
      size={{ base: 'xs', md: wide ? 'xl' : 'md' }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Box asChild display="contents">
              <form ref={formRef} onSubmit={saveThenFocusError(onSubmit)} noValidate>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body css={scrollShadows}>
                  <Stack gap={4}>{children}</Stack>
                </Dialog.Body>
                <Dialog.Footer gap={3}>
                  <SubmitButton type="submit" loading={submitting} disabled={!canSubmit}>
                    {submitLabel}
                  </SubmitButton>
                  <Button
                    ref={cancelRef}
                    variant="subtle"
                    colorPalette="gray"
                    disabled={submitting}
                    onClick={onClose}
                  >
                    Cancel
                  </Button>
                </Dialog.Footer>
              </form>
            </Box>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
