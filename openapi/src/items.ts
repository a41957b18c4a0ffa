import { area } from './operation.ts';
import { itemId, paging } from './parameters.ts';

const { get, post, put, delete: del } = area('items');

export const itemOperations = [
  get('/items/', {
    operationId: 'readItems',
    summary: 'Read Items',
    auth: 'user',
    parameters: paging,
    ok: 'ItemsPublic',
  }),
  post('/items/', {
    operationId: 'createItem',
    summary: 'Create Item',
    auth: 'user',
    idempotent: true,
    body: 'ItemCreate',
    ok: 'ItemPublic',
  }),
  get('/items/{id}', {
    operationId: 'readItem',
    summary: 'Read Item',
    auth: 'user',
    parameters: [itemId],
    ok: 'ItemPublic',
  }),
  put('/items/{id}', {
    operationId: 'updateItem',
    summary: 'Update Item',
    auth: 'user',
    parameters: [itemId],
    body: 'ItemUpdate',
    ok: 'ItemPublic',
  }),
  del('/items/{id}', {
    operationId: 'deleteItem',
    summary: 'Delete Item',
    auth: 'user',
    parameters: [itemId],
    ok: 'Message',
  }),
];
