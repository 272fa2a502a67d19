#ifndef CBECKON_ARGUMENTS_H
#define CBECKON_ARGUMENTS_H

/* 1 when the executable's constructor saw argv (arguments.c says why it
 * looks): what the `beckon` executable's own test asks. */
int beckon_arguments_captured(void);

#endif
