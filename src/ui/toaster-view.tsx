import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toastRecipe } from './recipes';

/**
 * The toast store and its view; loaded with the first toast (see ./toaster.tsx). Every toast stays 6 s
 * (Zag's own is 2 s for a success: too short to read a title and a sentence), its timer paused while
 * the pointer is over the toasts or focus is in them, and while the page is hidden.
 */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: 6000 });

export function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastRecipe} width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Close" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
