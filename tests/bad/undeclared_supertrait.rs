trait Sub: Super {}
