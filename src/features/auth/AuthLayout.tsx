import { Container, Flex, Heading } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import type { FormValues } from '../../machines/form';
import { focusFirstInvalid } from '../../ui/focus-error';
import { PasswordField, type PasswordFieldProps, TextField, type TextFieldProps } from '../../ui/form';
import { Logo } from '../../ui/Logo';
import { PageTitle } from '../../ui/PageTitle';

/** The centred column of the public screens; the whole column is the form (when there is one). */
export function AuthLayout({ onSubmit, children }: { onSubmit?: () => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
    focusFirstInvalid(event.currentTarget);
  };
  const logo = (
    <Flex justify="center" mb={2}>
      <Logo size="lg" />
    </Flex>
  );
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" px={4} py={8}>
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
          <form onSubmit={submit} noValidate>
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

/** The tab's title and the page's heading, where a public screen shows one (recover and reset password). */
export function AuthHeading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Heading as="h1" size="xl" color="teal.fg" textAlign="center" mb={2}>
        {title}
      </Heading>
    </>
  );
}

/** A public screen's field is required, and its label is shown as the placeholder only. */
type AuthFieldProps<P> = Omit<P, 'hideLabel' | 'placeholder' | 'required' | 'label'> & { label: string };

export function AuthTextField<V extends FormValues>({ label, ...props }: AuthFieldProps<TextFieldProps<V>>) {
  return <TextField {...props} label={label} placeholder={label} hideLabel required />;
}

export function AuthPasswordField<V extends FormValues>({
  label,
  ...props
}: AuthFieldProps<PasswordFieldProps<V>>) {
  return <PasswordField {...props} label={label} placeholder={label} hideLabel required />;
}
