import { Heading, type HeadingProps } from '@chakra-ui/react';

/** The browser tab's title for a screen (React hoists <title> into the document's head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} - Full Stack Project`}</title>;
}

/** A screen's one heading (h1), the same style on every screen, signed in or out. */
export function PageHeading({ children, ...props }: HeadingProps) {
  return (
    <Heading as="h1" size="2xl" fontWeight="semibold" color="fg" pt={4} pb={6} {...props}>
      {children}
    </Heading>
  );
}
