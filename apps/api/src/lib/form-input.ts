/** A form's text fields and, when sent, the bytes of its `images` file: a multipart form as the services read it. */
export interface FormInput {
  fields: Record<string, string>;
  image?: Buffer;
}
