import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];

export type UserPublic = Schemas['UserPublic'];
export type UsersPublic = Schemas['UsersPublic'];
export type UserCreate = Schemas['UserCreate'];
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
