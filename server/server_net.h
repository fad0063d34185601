/* Memory5D match server: the listening socket and the connections (server_net.c). */
#ifndef SERVER_SERVER_NET_H
#define SERVER_SERVER_NET_H

#include <stddef.h>

#include "server.h"

/* Binds HOST:PORT (an IPv4 or IPv6 address) and starts accepting. 0, or -1 with a message. */
int server_net_listen(server *srv, const char *host, int port, char *err, size_t errlen);
/* Closes every client connection (the loop is ending). */
void server_net_close_all(server *srv);

#endif
