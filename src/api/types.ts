import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];

export type UserPublic = Schemas['UserPublic'];
export type UsersPublic = Schemas['UsersPublic'];
export type UserCreate = Schemas['UserCreate'];

/**
 * A request body as a client may send it: openapi-typescript marks a field with a default as required,
 * but the server fills in the contract's default for a field left out.
 */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
/** The body of POST /users/: the spec's five fields are enough (the e-mail starts unconfirmed). */
export type UserCreateBody = WithDefaults<UserCreate, 'is_email_confirmed'>;
/** The body of POST /login/access-token: the spec's `username` and `password`, no empty OAuth2 `scope`. */
export type LoginBody = WithDefaults<LoginForm, 'scope'>;
/** The login form's OAuth2 fields as the contract lists them. */
export type LoginForm = Schemas['Body_login_login_access_token'];
export type UserUpdate = Schemas['UserUpdate'];
export type UserUpdateMe = Schemas['UserUpdateMe'];
export type UserRegister = Schemas['UserRegister'];
export type UpdatePassword = Schemas['UpdatePassword'];
export type NewPassword = Schemas['NewPassword'];
export type ItemPublic = Schemas['ItemPublic'];
export type ItemsPublic = Schemas['ItemsPublic'];
export type ItemCreate = Schemas['ItemCreate'];
export type ItemUpdate = Schemas['ItemUpdate'];
export type Token = Schemas['Token'];
export type Message = Schemas['Message'];
export type Gender = Schemas['Gender'];
export type SubscriptionType = Schemas['SubscriptionType'];
export type ValidationErrorEntry = Schemas['ValidationError'];
export type HTTPError = Schemas['HTTPError'];
export type HTTPValidationError = Schemas['HTTPValidationError'];
