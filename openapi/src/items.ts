import { area } from './operation.ts';
import { itemId, paging } from './parameters.ts';

const { get, post, put, delete: del } = area('items');

export const itemOperations = [
  get('/items/', {
    operationId: 'readItems',
    auth: 'user',
    parameters: paging,
    ok: 'ItemsPublic',
  }),
  post('/items/', {
    operationId: 'createItem',
    auth: 'user',
    idempotent: true,
    body: 'ItemCreate',
    ok: 'ItemPublic',
  }),
  get('/items/{id}', {
    operationId: 'readItem',
    auth: 'user',
    parameters: [itemId],
    ok: 'ItemPublic',
  }),
  put('/items/{id}', {
    operationId: 'updateItem',
    auth: 'user',
    parameters: [itemId],
    body: 'ItemUpdate',
    ok: 'ItemPublic',
  }),
  del('/items/{id}', {
    operationId: 'deleteItem',
    auth: 'user',
    parameters: [itemId],
    ok: 'Message',
  }),
];
