// Mantine's complete sheet, in its cascade layer (see signInStyles.ts), with the screens behind the sign-in.
import '@mantine/core/styles.layer.css';
