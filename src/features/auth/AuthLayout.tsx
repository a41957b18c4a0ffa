import { Container, Flex, Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FormValues } from '../../machines/form';
import { saveThenFocusError } from '../../ui/focus-error';
import { PasswordField, type PasswordFieldProps, TextField, type TextFieldProps } from '../../ui/form';
import { Logo } from '../../ui/Logo';
import { PageHeading, PageTitle } from '../../ui/PageTitle';

/**
 * The centred column of the public screens; the whole column is the form (when there is one). It hangs
 * from a fixed distance below the top rather than being centred vertically, so an error line that
 * appears under a field moves only what is below it, never the logo and the fields above.
 */
export function AuthLayout({ onSubmit, children }: { onSubmit?: () => void; children: ReactNode }) {
  const logo = (
    <Flex justify="center" mb={2}>
      <Logo size="lg" />
    </Flex>
  );
  return (
    <Flex
      as="main"
      minH="100vh"
      align="flex-start"
      justify="center"
      px={4}
      pt="clamp(2rem, 12vh, 7rem)"
      pb={8}
    >
      <Container
        asChild
        // The same width on all four public screens, whatever their content: full up to 24rem.
        w="full"
        maxW="sm"
        display="flex"
        flexDir="column"
        alignItems="stretch"
        justifyContent="center"
        gap={4}
        px={0}
      >
        {onSubmit ? (
          <form onSubmit={saveThenFocusError(onSubmit)} noValidate>
            {logo}
            {children}
          </form>
        ) : (
          <div>
            {logo}
            {children}
          </div>
        )}
      </Container>
    </Flex>
  );
}

/** The tab's title and the page's one heading (the style of every screen's, centred in the column). */
export function AuthHeading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <PageHeading textAlign="center" pt={0} pb={0}>
        {title}
      </PageHeading>
    </>
  );
}

/**
 * A public screen's field: required, with its label shown above it as in every form of the app. Every
 * field of these forms is required, so none carries the mark: a team's specs find them by their exact
 * label ('Password'), which a '*' would change. The placeholder repeats the label
 * unless given (a team's Playwright suite finds the template's fields by it).
 */
type AuthFieldProps<P> = Omit<P, 'required' | 'label'> & { label: string };

export function AuthTextField<V extends FormValues>({ label, ...props }: AuthFieldProps<TextFieldProps<V>>) {
  return <TextField placeholder={label} {...props} label={label} required requiredMark={false} />;
}

export function AuthPasswordField<V extends FormValues>({
  label,
  ...props
}: AuthFieldProps<PasswordFieldProps<V>>) {
  return <PasswordField placeholder={label} {...props} label={label} required requiredMark={false} />;
}

/** A public screen's link (Forgot password?, Sign Up, Log In): teal, and a 44 px tall touch target. */
export function AuthLink(props: LinkProps) {
  return <Link asChild color="teal.fg" display="inline-flex" alignItems="center" minH="11" {...props} />;
}
